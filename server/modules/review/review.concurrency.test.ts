/**
 * Held comments under concurrency on every engine (issue 30, finding 1): members commenting at
 * once with a forbidden word that holds every comment. Each hold's row is saved in the comment's
 * write; on MariaDB a delete-then-insert on `review_holds`' unique (kind, item_id) key took gap
 * locks that deadlocked the concurrent inserts (500 after the write path's retries). Every answer
 * must be 200 (503 with Retry-After at worst), and every held comment has exactly its one hold.
 * The 15-second measurement is `bench/held-comments.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, postTopic, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, NO_LIMIT, type TestApp } from '../../../tests/support/test-app';
import { setForbiddenWords } from '../../../tests/support/words';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { writeSettings } from '../settings/settings.service';

const MEMBERS = 8;
const ROUNDS = 12;

for (const dialect of await testDatabases()) {
  describe(`held comments under concurrency [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let members: CreatedUser[];
    let topicId: number;

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      db = requireDb(t.ctx);
      await writeSettings(db, { commentLimits: NO_LIMIT, postLimits: NO_LIMIT }, t.ctx.clock.now());
      t.ctx.settings.invalidate();
      const moderator = await createUser(t, { role: 'moderator' });
      members = await Promise.all(Array.from({ length: MEMBERS }, () => createUser(t)));
      topicId = await postTopic(t, moderator.token, { title: 'Tell us what you think' });
      await setForbiddenWords(t, ['review']);
    });
    afterAll(() => t.close());

    it(`${MEMBERS} members × ${ROUNDS} comments at once: every answer 200 (or 503 with Retry-After), each held comment with its one hold`, async () => {
      const answers = await Promise.all(
        members.map(async (member, m) => {
          const mine: Array<{ status: number; retryAfter: unknown; id?: number; message?: string }> = [];
          for (let round = 0; round < ROUNDS; round++) {
            const res = await t.post<{ id: number }>('/api/comment/create', { entityType: 'topic', entityId: topicId, content: `Please review this, from ${m} round ${round}` }, { token: member.token });
            mine.push({ status: res.status, retryAfter: res.headers['retry-after'], id: res.body.data?.id, message: res.body.message });
          }
          return mine;
        }),
      );
      const all = answers.flat();
      const refused = all.filter((a) => a.status !== 200 && !(a.status === 503 && a.retryAfter !== undefined));
      expect(refused, JSON.stringify(refused.slice(0, 3))).toEqual([]);

      const accepted = all.filter((a) => a.status === 200).map((a) => a.id!);
      const comments = await db.selectFrom('comments').select(['id', 'status']).where('entity_type', '=', 'topic').where('entity_id', '=', topicId).execute();
      const holds = await db.selectFrom('review_holds').select(['item_id', 'reason', 'words']).where('kind', '=', 'comment').execute();
      // No half-written rows: the held comments are exactly the accepted ones, each pending with one hold.
      expect(comments.map((c) => Number(c.id)).sort((a, b) => a - b)).toEqual([...accepted].sort((a, b) => a - b));
      expect(comments.every((c) => c.status === 2)).toBe(true);
      expect(holds.map((h) => Number(h.item_id)).sort((a, b) => a - b)).toEqual([...accepted].sort((a, b) => a - b));
      expect(holds.every((h) => h.reason === 'forbiddenWord' && JSON.parse(h.words)[0] === 'review')).toBe(true);
      expect((await db.selectFrom('topics').select('comment_count').where('id', '=', topicId).executeTakeFirstOrThrow()).comment_count).toBe(0);
    });
  });
}
