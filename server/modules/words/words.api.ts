/**
 * The words feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { wordsThatHold } from './words.check';
export { WordScreen } from './words.screen';
