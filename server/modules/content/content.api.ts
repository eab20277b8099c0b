/**
 * The content feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { hasVisibleContent, htmlToText, renderContent, renderHtml, shortText, summarize } from './content.service';
export { imageListJson, parseImageList } from './images';
