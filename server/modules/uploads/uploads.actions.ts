/**
 * The uploads feature's actions (ADR 0021): who may call each, its limit, its answer and the use
 * case it runs. The routes are made from these; nothing else decides.
 */
import { uploadActions } from '../../../common/actions/uploads';
import { uploadedImageSchema } from '../../../common/views/upload';
import { limit, readAction, who } from '../../kernel/actions';
import type { RateRule } from '../../infra/rate-limiter';
import type { Settings } from '../settings/settings.api';
import { serveUpload, uploadImage } from './uploads.usecases';

/** Uploads per user (setting `uploadLimits.perUser`): pasting a dozen screenshots at once is normal, hundreds are not. */
export function uploadRate(settings: Pick<Settings, 'uploadLimits'>): RateRule {
  return { name: 'upload:user', ...settings.uploadLimits.perUser };
}

export const uploadsActionList = [
  // Declared a read though it is a POST: it writes content-addressed files and one insert-or-ignore
  // row of their size (upload_images, ADR 0031) that needs no transaction, and an image being
  // decoded must not hold a transaction (on SQLite, every other writer) open.
  readAction(uploadActions.image, {
    who: who.writer(),
    // Spent before the file is read: a refused or malformed file still counts.
    limit: limit.perUser(uploadRate, { stage: 'beforeInput' }),
    answer: uploadedImageSchema,
    run: uploadImage,
  }),
  readAction(uploadActions.file, {
    who: who.anyone(),
    // Files need no database: a stored file is served whatever the install state, as before.
    beforeInstall: true,
    answer: { media: 'image/*' },
    run: serveUpload,
  }),
];
