/**
 * Which backup store an archive goes to, or is read from (ADR 0040): the bucket when
 * BACKUP_S3_BUCKET is set, else the disk (DATA_DIR/backups). A stored archive's row says where
 * it was written, so download, delete and retention reach it there after a switch.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/schema';
import { Bucket, DEFAULT_BUCKET_TIMEOUTS } from '../../infra/s3';
import { backupBucketSettings, BackupStoreError, BucketBackupStore, type SettingsSource } from './backups.bucket';
import { LocalDiskBackupStore, type BackupStore } from './backups.store';

/**
 * One try: the PUT's body is a file stream, which a retry could not send again (the next backup
 * is the retry). The request timeout is the socket's idle time, so a long upload is not cut.
 */
const BACKUP_TIMEOUTS = { ...DEFAULT_BUCKET_TIMEOUTS, attempts: 1 };

export type BackupStoreKind = 'disk' | 'bucket';

export interface OpenedBackupStore {
  kind: BackupStoreKind;
  store: BackupStore;
  /** Releases the bucket's connections (nothing for the disk). */
  close(): void;
}

type StoreConfig = Pick<AppConfig, 'dataDir' | 's3' | 'backupS3'>;

/** Where new archives go in this deployment, as the back office shows it. */
export function configuredBackupStore(config: Pick<AppConfig, 'backupS3'>): { kind: BackupStoreKind; bucket: string; prefix: string } {
  return config.backupS3 ? { kind: 'bucket', bucket: config.backupS3.bucket, prefix: config.backupS3.prefix } : { kind: 'disk', bucket: '', prefix: '' };
}

/** The store of `kind` (default: the configured one). A bucket no longer configured is refused. */
export async function openBackupStore(config: StoreConfig, db: Kysely<DB> | null, settings: SettingsSource, kind?: BackupStoreKind): Promise<OpenedBackupStore> {
  const wanted = kind ?? configuredBackupStore(config).kind;
  if (wanted === 'disk') return { kind: 'disk', store: new LocalDiskBackupStore(path.join(config.dataDir, 'backups')), close: () => undefined };
  const bucket = await backupBucketSettings(config, db, settings);
  if (!bucket) throw new BackupStoreError('adminBackups.storeErrors.noBucket', 'BACKUP_S3_BUCKET is not set');
  const store = new BucketBackupStore(new Bucket(bucket.settings, BACKUP_TIMEOUTS, { checksums: 'when-required' }), bucket.prefix, config.dataDir);
  return { kind: 'bucket', store, close: () => store.close() };
}

/** The kind a row's `store` column names (older rows: the disk). */
export function storeKindOf(value: string): BackupStoreKind {
  return value === 'bucket' ? 'bucket' : 'disk';
}
