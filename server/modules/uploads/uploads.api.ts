/**
 * The uploads feature's public surface (DESIGN convention 13): what other features may use of it.
 * Anything not exported here is the feature's own.
 */
export { ImageProcessor } from './images';
export type { IconSpec } from './image-pipeline';
export { uploadedImageOrRefuse } from './uploaded-image';
export { s3SettingsOf, siteStorage, STORAGE_SECRET } from './upload-storage';
export { readStoredImage, siteUploadLimits, storeAvatar, storedImageUrl, uploadAddressesIn, uploadImageFacts } from './uploads.service';
