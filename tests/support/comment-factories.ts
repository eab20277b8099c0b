/**
 * Comment factories for tests about something else (lists, counters, messages…): `createComment`
 * writes through the comment service on the write path (no HTTP, no comment limits), so its
 * messages and counters follow as the route's do, and answers the comment id.
 */
import { commentCreateSchema, type CommentCreateInput } from '../../common/validation/comment';
import type { UserRow } from '../../server/db/schema';
import { EMPTY_LOCATION } from '../../server/infra/ip-location';
import { createComment as createCommentRow } from '../../server/modules/comments/comments.service';
import { runWrite } from '../../server/kernel/write';
import type { TestApp } from './test-app';

let counter = 0;

export type CommentFields = Partial<Omit<CommentCreateInput, 'imageList'>> & { entityId: number; imageList?: Array<{ url: string }> | string[] };

/** A comment on a topic by default; `entityType: 'comment'` replies to a comment. */
export async function createComment(t: TestApp, author: UserRow, fields: CommentFields): Promise<number> {
  counter += 1;
  const input = commentCreateSchema.parse({ entityType: 'topic', content: `Comment ${counter}`, ...fields });
  const meta = { now: t.ctx.clock.now(), siteOrigin: null, ip: '127.0.0.1', userAgent: 'factories', location: EMPTY_LOCATION };
  const created = await runWrite(t.ctx, (scope) => createCommentRow(scope, author, input, meta));
  return created.row.id;
}
