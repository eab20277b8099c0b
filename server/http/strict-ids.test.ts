/**
 * Ids parse strictly on every route that takes one (path, query, body): `0x1`, `1e0`, ` 1`,
 * `%201`, `+1`, `01` and `1.0` all read as 1 to `Number()`, yet none of them is topic 1's, user
 * 1's or node 1's address. A path answers 404, a query or body field 400 on that field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createTopic, createUser, type CreatedUser } from '../../tests/support/factories';

/** Spellings of the id 1 that are not ids (URL-encoded where they sit in a URL). */
const ONE_MISSPELT = ['0x1', '1e0', '%201', '+1', '%2B1', '01', '1.0', '1%20'];

describe('strict ids', () => {
  let t: TestApp;
  let member: CreatedUser;
  let topicId: number;

  beforeAll(async () => {
    t = await createTestApp();
    member = await createUser(t);
    topicId = await createTopic(t, member.user);
  });
  afterAll(() => t.close());

  it('the canonical spelling reaches the item', async () => {
    expect(topicId).toBe(1);
    expect(member.user.id).toBe(1);
    expect((await t.get('/api/topic/1')).status).toBe(200);
    expect((await t.get('/api/user/1')).status).toBe(200);
    expect((await t.get('/api/topic/user_topics', { query: { userId: '1' } })).status).toBe(200);
  });

  it.each(ONE_MISSPELT)('a path id spelt %s is not found', async (spelling) => {
    for (const path of [`/api/topic/${spelling}`, `/api/user/${spelling}`, `/api/topic/edit/${spelling}`]) {
      const res = await t.get(path, { token: member.token });
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ success: false, errorCode: 6 });
    }
  });

  it.each(ONE_MISSPELT)('a query or body id spelt %s is refused on its field', async (spelling) => {
    const text = decodeURIComponent(spelling);
    const query = await t.get('/api/topic/user_topics', { query: { userId: text } });
    expect(query.status).toBe(400);
    expect(Object.keys(query.body.fields ?? {})).toEqual(['userId']);
    const comments = await t.get('/api/comment/comments', { query: { entityType: 'topic', entityId: text } });
    expect(comments.status).toBe(400);
    expect(Object.keys(comments.body.fields ?? {})).toEqual(['entityId']);
    const like = await t.post('/api/like/like', undefined, { token: member.token, form: { entityType: 'topic', entityId: text } });
    expect(like.status).toBe(400);
    expect(Object.keys(like.body.fields ?? {})).toEqual(['entityId']);
  });

  it('feed selectors are integers in the same spelling', async () => {
    expect((await t.get('/api/topic/topics', { query: { nodeId: '-1' } })).status).toBe(200);
    for (const nodeId of ['0x0', '-0', ' 0', '1e0']) {
      const res = await t.get('/api/topic/topics', { query: { nodeId } });
      expect(res.status, nodeId).toBe(400);
      expect(Object.keys(res.body.fields ?? {})).toEqual(['nodeId']);
    }
  });
});
