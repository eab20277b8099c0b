/**
 * Why posts wait for review: recorded when a post is held (the `content.held` handler), read by
 * the queue. A post held before reasons were recorded reads as `unknown`.
 */
import type { Kysely } from 'kysely';
import { HOLD_REASONS, type HoldReason } from '../../../common/views/review';
import type { DB } from '../../db/schema';
import type { DomainEventMap } from '../../kernel/events';
import { findHolds, saveHold } from './review.repository';

export async function recordHold(db: Kysely<DB>, held: DomainEventMap['content.held'], now: number): Promise<void> {
  await saveHold(db, { kind: held.kind, itemId: held.id, userId: held.userId, reason: held.reason, words: JSON.stringify(held.words) }, now);
}

export interface Hold {
  reason: HoldReason;
  words: string[];
  time: number;
}

function wordsOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((word): word is string => typeof word === 'string') : [];
  } catch {
    return [];
  }
}

/** Why each of these items is held, by id (absent: no reason recorded). */
export async function holdsOf(db: Kysely<DB>, kind: string, ids: readonly number[]): Promise<Map<number, Hold>> {
  const rows = await findHolds(db, kind, ids);
  return new Map(
    rows.map((row) => [
      row.item_id,
      { reason: (HOLD_REASONS as readonly string[]).includes(row.reason) ? (row.reason as HoldReason) : 'unknown', words: wordsOf(row.words), time: row.create_time },
    ]),
  );
}
