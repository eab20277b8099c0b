/** The uploads feature's rows: each stored upload's size and copies (table `upload_images`, ADR 0031). */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';

export interface UploadImageRow {
  hash: string;
  width: number;
  height: number;
  variants: string;
}

/** Records an upload; the same bytes uploaded again (the same hash) keep the first row. */
export async function recordUploadImage(db: Kysely<DB>, row: UploadImageRow, now: number): Promise<void> {
  const insert = db.insertInto('upload_images').values({ ...row, create_time: now });
  await (dialectOf(db) === 'postgres' ? insert.onConflict((oc) => oc.column('hash').doNothing()) : insert.ignore()).execute();
}

/** The rows of these hashes (one query; none asked, none read). */
export async function findUploadImages(db: Kysely<DB>, hashes: readonly string[]): Promise<UploadImageRow[]> {
  if (hashes.length === 0) return [];
  return db.selectFrom('upload_images').select(['hash', 'width', 'height', 'variants']).where('hash', 'in', [...new Set(hashes)]).execute();
}
