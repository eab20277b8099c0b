/**
 * The scores feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { dayOf, previousDay } from './day';
export { scoreLogOfMember } from './scores.member-data';
/** The importer's entry points (issue 33). */
export { importCheckin, importScoreLog, type ImportedScoreLog } from './scores.import';
