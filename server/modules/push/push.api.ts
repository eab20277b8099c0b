/**
 * The push feature's public surface: the installer makes the site's VAPID key pair with the
 * rest of the installation (a site installed before push gets it on first need). A feature
 * with no site message row to read back (private conversations) composes its push and enqueues
 * it in its write (`enqueueDirectPush`); whether the member wants it is the caller's decision.
 */
export { ensureVapidKeys } from './push.vapid';
export { enqueueDirectPush, type DirectPush } from './push.direct';
