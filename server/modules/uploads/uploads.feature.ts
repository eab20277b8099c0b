/** Image uploads: storing an image (POST upload) and serving the stored files (GET /uploads/…). */
import type { Feature } from '../../kernel/feature';
import { uploadsActionList } from './uploads.actions';

export const uploadsFeature: Feature = {
  name: 'uploads',
  actions: uploadsActionList,
};
