/**
 * The words feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
/** The forbidden-word check a member's post or comment passes. */
export { wordsThatHold } from './words.check';
/** The screen itself (`ctx.words`): the cached list and the worker that runs the patterns. */
export { WordScreen } from './words.screen';
