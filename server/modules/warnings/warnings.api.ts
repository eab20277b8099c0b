/**
 * The warnings feature's public surface (DESIGN convention 13): a page of members' warning counts
 * (the back office's members list).
 */
export { warningCounts } from './warnings.service';
