/**
 * The uploads feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { ImageProcessor } from './images';
export { uploadedImageOrRefuse } from './uploaded-image';
export { siteUploadLimits, storeAvatar, storedImageUrl } from './uploads.service';
