/**
 * The IP bans feature's public surface (DESIGN convention 13): the in-memory ban list the app
 * context holds (`ctx.ipBans`), and the address parsing other features may want.
 */
export { IpBanList } from './ipbans.list';
export { addressToBig, parseCidr } from './ip-ranges';
