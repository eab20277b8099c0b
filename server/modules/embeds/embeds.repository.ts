/** All SQL of `link_previews`: the embeds feature's cache of linked pages (ADR 0030). */
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/database';
import type { DB } from '../../db/schema';

export interface PreviewValues {
  urlHash: string;
  url: string;
  status: 'ok' | 'failed';
  title: string;
  description: string;
  siteName: string;
  image: string;
  fetchedAt: number;
  refreshTime: number;
}

export interface StoredPreview {
  urlHash: string;
  status: string;
  title: string;
  description: string;
  siteName: string;
  image: string;
  refreshTime: number;
}

/** The cached previews of these address hashes (one query; none for none). */
export async function findPreviews(db: Kysely<DB>, hashes: readonly string[]): Promise<StoredPreview[]> {
  if (hashes.length === 0) return [];
  const rows = await db
    .selectFrom('link_previews')
    .select(['url_hash', 'status', 'title', 'description', 'site_name', 'image', 'refresh_time'])
    .where('url_hash', 'in', [...hashes])
    .execute();
  return rows.map((row) => ({ urlHash: row.url_hash, status: row.status, title: row.title, description: row.description, siteName: row.site_name, image: row.image, refreshTime: Number(row.refresh_time) }));
}

/** Records a fetch's outcome, replacing the address's earlier one: one upsert on the unique hash. */
export async function savePreview(db: Kysely<DB>, values: PreviewValues): Promise<void> {
  const fields = {
    url: values.url,
    status: values.status,
    title: values.title,
    description: values.description,
    site_name: values.siteName,
    image: values.image,
    fetched_at: values.fetchedAt,
    refresh_time: values.refreshTime,
  };
  const insert = db.insertInto('link_previews').values({ url_hash: values.urlHash, ...fields });
  if (dialectOf(db) === 'mysql') await insert.onDuplicateKeyUpdate(fields).execute();
  else await insert.onConflict((oc) => oc.column('url_hash').doUpdateSet(fields)).execute();
}
