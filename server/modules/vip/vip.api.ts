/**
 * The vip feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
/** How many orders wait for an admin's decision (the back office's dashboard). */
export { vipOrdersWaiting } from './vip.service';
