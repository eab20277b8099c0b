/**
 * Where a new avatar comes from (POST user/update_avatar): an uploaded file, made a square still
 * WebP (uploads.service `storeAvatar`), or the address of an image this site already stores.
 * Never an outside address: every page would then load it from a stranger's server (a tracking
 * pixel seeing every reader's IP) or lose it when that server changes it.
 */
import type { AppConfig } from '../../config';
import { errors } from '../../http/errors';
import { siteBaseUrl } from '../../http/site-address';
import type { RateRule } from '../../infra/rate-limiter';
import type { ServedStorage } from '../../infra/storage';
import { parseStoredKey } from '../uploads/uploads.service';

/** Avatar changes per user: trying a few pictures is normal, a stream of them is not. */
export const AVATAR_RATE: RateRule = { name: 'avatar:user', max: 20, windowMs: 10 * 60_000 };

const notOurs = () => errors.validation({ avatar: 'validation.avatarNotOurs' });

/** The stored key of `/uploads/<key>` or `<site address>/uploads/<key>`, or null. */
export function uploadKeyOf(address: string, config: Pick<AppConfig, 'publicUrl' | 'port'>): string | null {
  const prefixes = ['/uploads/', `${siteBaseUrl(config)}/uploads/`];
  const prefix = prefixes.find((p) => address.startsWith(p));
  if (!prefix) return null;
  return parseStoredKey(address.slice(prefix.length))?.key ?? null;
}

/** The site-relative URL of an image this site stores, or a field error on `avatar`. */
export async function storedAvatarUrl(address: string, storage: ServedStorage, config: Pick<AppConfig, 'publicUrl' | 'port'>): Promise<string> {
  const key = uploadKeyOf(address, config);
  if (!key || !(await storage.exists(key))) throw notOurs();
  return storage.url(key);
}
