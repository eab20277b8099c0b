/**
 * Where a new avatar comes from (POST user/update_avatar): an uploaded file, made a square still
 * WebP (uploads.service `storeAvatar`), or the address of an image this site already stores
 * (uploads.service `storedImageUrl`), never an outside one.
 */
import type { AppConfig } from '../../config';
import { errors } from '../../infra/errors';
import type { RateRule } from '../../infra/rate-limiter';
import type { ServedStorage } from '../../infra/storage';
import { storedImageUrl } from '../uploads/uploads.api';

/** Avatar changes per user: trying a few pictures is normal, a stream of them is not. */
export const AVATAR_RATE: RateRule = { name: 'avatar:user', max: 20, windowMs: 10 * 60_000 };

/** The site-relative URL of an image this site stores, or a field error on `avatar`. */
export async function storedAvatarUrl(address: string, storage: ServedStorage, config: Pick<AppConfig, 'publicUrl' | 'port'>): Promise<string> {
  const url = await storedImageUrl(address, storage, config);
  if (!url) throw errors.validation({ avatar: 'validation.avatarNotOurs' });
  return url;
}
