/**
 * The push feature's public surface: the installer makes the site's VAPID key pair with the
 * rest of the installation (a site installed before push gets it on first need).
 */
export { ensureVapidKeys } from './push.vapid';
