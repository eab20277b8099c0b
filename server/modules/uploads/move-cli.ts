/**
 * `npm run uploads:move -- --to s3` (or `--to local`): copies every stored upload from the local
 * disk to the bucket (or back), checking each copy; `--delete-source` then removes the checked
 * sources. Run it again after an interruption: what is already there is skipped. The bucket is
 * the one S3_BUCKET names, else the back office's storage settings (their bucket, whether or not
 * S3 is switched on yet: move first, then switch, and nothing is missing in between).
 */
import { parseArgs } from 'node:util';
import { loadConfig, type AppConfig } from '../../config';
import { createDatabase } from '../../db/database';
import { systemClock } from '../../infra/clock';
import { Bucket, describeS3Error, type S3Settings } from '../../infra/s3';
import { createStorage } from '../../infra/storage';
import { existingSiteSecret, SettingsCache } from '../settings/settings.api';
import { moveUploads, type MoveDirection, type MoveReport } from './move-uploads';
import { s3SettingsOf, STORAGE_SECRET } from './upload-storage';

const USAGE = 'usage: npm run uploads:move -- --to s3|local [--delete-source] [--concurrency N]';

function direction(to: string | undefined): MoveDirection {
  if (to === 's3') return 'to-s3';
  if (to === 'local') return 'to-local';
  console.error(USAGE);
  process.exit(2);
}

/** The bucket of the environment, else of the back office's settings; null when neither names one. */
async function bucketSettings(config: AppConfig): Promise<S3Settings | null> {
  if (config.s3) return config.s3;
  if (!config.database) return null;
  const db = createDatabase(config.database, { poolSize: 1 });
  try {
    const { storage } = await new SettingsCache(systemClock).get(db);
    if (!storage.bucket) return null;
    return s3SettingsOf(storage, (await existingSiteSecret(db, STORAGE_SECRET)) ?? '');
  } finally {
    await db.destroy();
  }
}

function line(report: MoveReport): string {
  return `${report.found} uploads: ${report.copied} copied, ${report.present} already there, ${report.failed} failed, ${report.deleted} sources deleted` + (report.ignored ? `, ${report.ignored} other files left alone` : '');
}

const { values } = parseArgs({ options: { to: { type: 'string' }, 'delete-source': { type: 'boolean', default: false }, concurrency: { type: 'string', default: '4' } } });
const way = direction(values.to);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
  console.error(`--concurrency must be a whole number from 1 to 64. ${USAGE}`);
  process.exit(2);
}
const config = loadConfig();
const settings = await bucketSettings(config);
if (!settings) {
  console.error('No bucket configured: set S3_BUCKET (and the other S3_* variables), or fill in the storage settings in the back office (Settings → Uploads).');
  process.exit(1);
}
const bucket = new Bucket(settings);
const local = createStorage(config);
console.log(way === 'to-s3' ? `Copying ${local.root} to the bucket ${settings.bucket}…` : `Copying the bucket ${settings.bucket} to ${local.root}…`);
const interactive = process.stdout.isTTY;
try {
  const report = await moveUploads(way, local, bucket, {
    deleteSource: values['delete-source'],
    concurrency,
    onFailure: (key, reason) => console.error(`\nfailed: ${key}: ${reason}`),
    onProgress: (progress) => {
      if (interactive) process.stdout.write(`\r${line(progress)}`);
    },
  });
  if (interactive) process.stdout.write('\n');
  console.log(line(report));
  if (report.failed > 0) {
    console.error('Some files were not moved (see above); run the command again once the cause is fixed.');
    process.exitCode = 1;
  }
} catch (error) {
  // The bucket could not be listed or reached at all: said in one line, not a stack trace.
  console.error(`\nThe bucket ${settings.bucket} cannot be used: ${describeS3Error(error).detail}`);
  process.exitCode = 1;
} finally {
  bucket.destroy();
}
