/**
 * Topic factories for tests about something else (feeds, comments, likes…): `createTopic` writes
 * through the topic service in a transaction (no HTTP, no posting limits), `postTopic` goes
 * through POST /api/topic/create. Both answer the topic id.
 */
import { TOPIC_TYPES } from '../../common/constants';
import { topicCreateSchema, type TopicCreateInput } from '../../common/validation/topic';
import { requireDb } from '../../server/context';
import type { UserRow } from '../../server/db/schema';
import { EMPTY_LOCATION } from '../../server/infra/ip-location';
import { runWrite } from '../../server/kernel/write';
import { createTopic as createTopicRow } from '../../server/modules/topics/topics.writes';
import type { TestApp } from './test-app';

let counter = 0;

export type TopicFields = Partial<Omit<TopicCreateInput, 'imageList'>> & { imageList?: Array<{ url: string }> | string[] };

/** A published post by default (unless the site's review settings say otherwise). */
export async function createTopic(t: TestApp, author: UserRow, fields: TopicFields = {}): Promise<number> {
  counter += 1;
  const db = requireDb(t.ctx);
  const type = fields.type ?? TOPIC_TYPES.post;
  const input = topicCreateSchema.parse({
    title: type === TOPIC_TYPES.post ? `Topic ${counter}` : '',
    content: `<p>Content of topic ${counter}</p>`,
    ...fields,
  });
  const settings = await t.ctx.settings.get(db);
  const created = await runWrite(t.ctx, (scope) =>
    createTopicRow(scope, author, input, {
      now: t.ctx.clock.now(),
      settings,
      siteOrigin: null,
      ip: '127.0.0.1',
      userAgent: 'factories',
      location: EMPTY_LOCATION,
    }),
  );
  return created.row.id;
}

/** Posts through the API with the author's token; throws unless it succeeds. */
export async function postTopic(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<number> {
  counter += 1;
  const res = await t.post<{ id: number }>('/api/topic/create', { title: `Posted ${counter}`, content: `<p>Body ${counter}</p>`, ...body }, { token });
  if (res.status !== 200 || !res.body.data) throw new Error(`postTopic failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}
