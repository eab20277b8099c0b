/** All SQL of `import_map` (the importer's own table, issue 33): which source row became which row here. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Of these source ids of one kind, those already imported, with their ids here. */
export async function findImported(db: Kysely<DB>, source: string, kind: string, sourceIds: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < sourceIds.length; i += 500) {
    const slice = sourceIds.slice(i, i + 500);
    const rows = await db.selectFrom('import_map').select(['source_id', 'target_id']).where('source', '=', source).where('source_kind', '=', kind).where('source_id', 'in', slice).execute();
    for (const row of rows) found.set(row.source_id, Number(row.target_id));
  }
  return found;
}

/** Every imported row of one kind (source id → id here): the maps later kinds resolve their references with. */
export async function findAllImported(db: Kysely<DB>, source: string, kind: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('import_map').select(['source_id', 'target_id']).where('source', '=', source).where('source_kind', '=', kind).execute();
  return new Map(rows.map((row) => [row.source_id, Number(row.target_id)]));
}

export async function recordImported(db: Kysely<DB>, source: string, kind: string, sourceId: string, targetId: number, now: number): Promise<void> {
  await db.insertInto('import_map').values({ source, source_kind: kind, source_id: sourceId, target_id: targetId, create_time: now, update_time: now }).execute();
}
