/**
 * The mentions feature's public surface (DESIGN convention 13): resolving the mentions of a piece
 * of sanitized HTML (the bench measures it; a future preview may show it).
 */
export { resolveContent, type ResolvedContent } from './mentions.service';
export { scanContent } from './mentions.parser';
