/**
 * Which storage this site's uploads use now (ADR 0041): the S3_* environment when S3_BUCKET is
 * set; else the back office's `storage` setting with its secret key from the site secrets; else
 * (and before the install) the local disk. One S3 client per app is kept while the settings stay
 * the same: the settings cache hands out a new object after every change, and then a new client
 * is made from the new values.
 */
import type { Kysely } from 'kysely';
import type { StorageSettings } from '../../../common/validation/settings';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import type { S3Settings } from '../../infra/s3';
import { createS3Storage, createStorage, type ServedStorage } from '../../infra/storage';
import { existingSiteSecret, type Settings } from '../settings/settings.api';

/** The bucket's secret access key among the site secrets. */
export const STORAGE_SECRET = 'storage.s3SecretAccessKey';

interface Held {
  /** The settings object the storage was made from (null: from the environment). */
  settings: Settings | null;
  storage: ServedStorage;
}

// Per app (a test process runs several): the storage made for the settings last seen.
const held = new WeakMap<AppContext, Held>();

/** The bucket settings of the back office's form values and a secret. */
export function s3SettingsOf(storage: StorageSettings, secretAccessKey: string): S3Settings {
  const { bucket, region, endpoint, accessKeyId, forcePathStyle, publicUrl, signedUrls } = storage;
  return { bucket, region, endpoint, accessKeyId, secretAccessKey, forcePathStyle, publicUrl, signedUrls };
}

/** The uploads' storage now. `db`: absent before the install (the environment or the disk then). */
export async function siteStorage(ctx: AppContext, db?: Kysely<DB> | null): Promise<ServedStorage> {
  const before = held.get(ctx);
  if (ctx.config.s3) {
    if (before && before.settings === null) return before.storage;
    const storage = createS3Storage(ctx.config, ctx.config.s3);
    held.set(ctx, { settings: null, storage });
    return storage;
  }
  const database = db ?? (ctx.state.installed ? ctx.state.db : null);
  if (!database) return createStorage(ctx.config);
  const settings = await ctx.settings.get(database);
  if (settings.storage.driver !== 's3') return createStorage(ctx.config);
  if (before && before.settings === settings) return before.storage;
  const secret = (await existingSiteSecret(database, STORAGE_SECRET)) ?? '';
  const storage = createS3Storage(ctx.config, s3SettingsOf(settings.storage, secret));
  held.set(ctx, { settings, storage });
  return storage;
}
