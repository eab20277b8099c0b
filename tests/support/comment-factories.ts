/**
 * Comment factories for tests about something else (lists, counters, messages…): `createComment`
 * writes through the comment service in a transaction (no HTTP, no comment limits), delivers its
 * messages after the commit like the route does, and answers the comment id.
 */
import { commentCreateSchema, type CommentCreateInput } from '../../common/validation/comment';
import { requireDb } from '../../server/context';
import type { UserRow } from '../../server/db/schema';
import { EMPTY_LOCATION } from '../../server/infra/ip-location';
import { createComment as createCommentRow } from '../../server/modules/comments/comments.service';
import { deliver, transact } from '../../server/modules/messages/messages.service';
import type { TestApp } from './test-app';

let counter = 0;

export type CommentFields = Partial<Omit<CommentCreateInput, 'imageList'>> & { entityId: number; imageList?: Array<{ url: string }> | string[] };

/** A comment on a topic by default; `entityType: 'comment'` replies to a comment. */
export async function createComment(t: TestApp, author: UserRow, fields: CommentFields): Promise<number> {
  counter += 1;
  const db = requireDb(t.ctx);
  const input = commentCreateSchema.parse({ entityType: 'topic', content: `Comment ${counter}`, ...fields });
  const meta = { now: t.ctx.clock.now(), siteOrigin: null, ip: '127.0.0.1', userAgent: 'factories', location: EMPTY_LOCATION };
  const { result, outbox } = await transact(db, (trx, box) => createCommentRow(trx, author, input, meta, box));
  await deliver(t.ctx, outbox, { baseUrl: 'http://localhost' });
  return result.row.id;
}
