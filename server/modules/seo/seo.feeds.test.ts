/**
 * The tag and member feeds (issue 31): `/rss/tag/{id}.xml` and `/rss/user/{id}.xml` are well-formed
 * RSS 2.0 listing that tag's or member's published topics, newest first, at the site address;
 * deleted, pending and hidden topics are left out; an unknown or disabled tag or member is 404.
 * On every engine (the tag feed joins topic_tags).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_STATUS } from '../../../common/constants';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTopic } from '../../../tests/support/topic-factories';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';

/**
 * Throws unless `xml` is well formed: one root, every element closed in order, attributes
 * quoted, no raw `<` or stray `&` in text (a strict subset: what the feeds' writer emits).
 */
function assertWellFormed(xml: string): void {
  const body = xml.replace(/^<\?xml [^?]*\?>\s*/, '');
  const stack: string[] = [];
  let roots = 0;
  const token = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const match of body.matchAll(token)) {
    const [, close, name, , selfClose, text, stray] = match;
    if (stray) throw new Error(`stray '<' at ${match.index}`);
    if (text !== undefined) {
      if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(text)) throw new Error(`stray '&' in ${JSON.stringify(text.slice(0, 40))}`);
      if (stack.length === 0 && text.trim()) throw new Error('text outside the root');
      continue;
    }
    if (close) {
      if (stack.pop() !== name) throw new Error(`</${name}> closes nothing open`);
    } else {
      if (stack.length === 0) roots += 1;
      if (!selfClose) stack.push(name!);
    }
  }
  if (stack.length || roots !== 1) throw new Error(`unclosed ${stack.join(', ')} or ${roots} roots`);
}

const links = (xml: string) => [...xml.matchAll(/<item>[\s\S]*?<link>([^<]*)<\/link>/g)].map((m) => m[1]);

for (const dialect of await testDatabases()) {
  describe(`tag and member feeds [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let author: CreatedUser;
    let other: CreatedUser;
    let tagId: number;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      db = requireDb(t.ctx);
      author = await createUser(t, { nickname: 'Nok & <Friends>' });
      other = await createUser(t);
      ids.first = await createTopic(t, author.user, { title: 'First <b>rail</b> & road', tags: ['rail'] });
      ids.byOther = await createTopic(t, other.user, { title: 'Other member', tags: ['rail'] });
      ids.untagged = await createTopic(t, author.user, { title: 'No tag' });
      for (const state of ['deleted', 'pending', 'hidden'] as const) {
        ids[state] = await createTopic(t, author.user, { title: `Gone ${state}`, tags: ['rail'] });
        await db.updateTable('topics').set({ status: CONTENT_STATUS[state] }).where('id', '=', ids[state]!).execute();
      }
      ids.last = await createTopic(t, author.user, { type: 1, title: '', content: 'A tweet about rail & sleepers', tags: ['rail'] });
      tagId = (await db.selectFrom('tags').select('id').where('name', '=', 'rail').executeTakeFirstOrThrow()).id;
    });
    afterAll(() => t.close());

    it('lists a tag’s published topics, newest first, as well-formed RSS at the site address', async () => {
      const feed = await t.get(`/rss/tag/${tagId}.xml`, { headers: { host: 'evil.example' } });
      expect([feed.status, feed.headers['content-type'], feed.headers['cache-control']]).toEqual([200, 'application/rss+xml; charset=utf-8', 'public, max-age=300']);
      const xml = feed.raw.body;
      assertWellFormed(xml);
      expect(links(xml)).toEqual([ids.last, ids.byOther, ids.first].map((id) => `http://localhost:3000/topic/${id}`));
      expect(xml).toContain('<title>Sabai: #rail</title>');
      expect(xml).toContain(`<atom:link href="http://localhost:3000/rss/tag/${tagId}.xml" rel="self"`);
      expect(xml).toContain(`<link>http://localhost:3000/topics/tag/${tagId}</link>`);
      expect(xml).toContain('<title>First &lt;b&gt;rail&lt;/b&gt; &amp; road</title>');
      expect(xml).toContain('<title>A tweet about rail &amp; sleepers</title>');
      expect(xml).not.toMatch(/Gone|evil\.example/);
    });

    it('lists a member’s published topics only, newest first, under their name', async () => {
      const xml = (await t.get(`/rss/user/${author.user.id}.xml`)).raw.body;
      assertWellFormed(xml);
      expect(links(xml)).toEqual([ids.last, ids.untagged, ids.first].map((id) => `http://localhost:3000/topic/${id}`));
      expect(xml).toContain('<title>Sabai: topics by Nok &amp; &lt;Friends&gt;</title>');
      expect(xml).toContain('<dc:creator>Nok &amp; &lt;Friends&gt;</dc:creator>');
      expect(xml).toContain(`<link>http://localhost:3000/user/${author.user.id}</link>`);
      expect(xml).not.toMatch(/Gone|Other member/);
    });

    it('answers 404 for an unknown, hidden or unused tag and an unknown or disabled member', async () => {
      const disabled = await createUser(t);
      await db.updateTable('users').set({ status: 1 }).where('id', '=', disabled.user.id).execute();
      await createTopic(t, other.user, { tags: ['private-tag'] });
      const privateTag = (await db.selectFrom('tags').select('id').where('name', '=', 'private-tag').executeTakeFirstOrThrow()).id;
      await db.updateTable('tags').set({ status: 1 }).where('id', '=', privateTag).execute();
      const refusals: Array<[string, string]> = [
        ['/rss/tag/99999.xml', 'Tag not found'],
        [`/rss/tag/${privateTag}.xml`, 'Tag not found'],
        ['/rss/tag/0.xml', 'Tag not found'],
        ['/rss/user/99999.xml', 'User not found'],
        [`/rss/user/${disabled.user.id}.xml`, 'User not found'],
        ['/rss/user/abc.xml', 'User not found'],
      ];
      for (const [path, message] of refusals) {
        const res = await t.get(path);
        expect([path, res.status, res.body.errorCode, res.body.message]).toEqual([path, 404, 6, message]);
      }
    });

    it('the well-formedness check can fail', () => {
      expect(() => assertWellFormed('<rss><title>a & b</title></rss>')).toThrow(/stray '&'/);
      expect(() => assertWellFormed('<rss><title>a</rss>')).toThrow();
      expect(() => assertWellFormed('<rss><title>a <script> b</title></rss>')).toThrow();
    });
  });
}
