import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { findExecutable } from '../../../tests/support/xss-check';
import { PREVIEW_MAX_CHARS } from '../../../common/validation/content';
import { PREVIEW_RATE } from './content.actions';
import { XSS_VECTORS } from './xss-corpus';
import { isSafeText } from '../../../common/validation/text-safety';

for (const dialect of await testDatabases()) {
  describe(`content preview [${dialect}]`, () => {
    let t: TestApp;
    let member: CreatedUser;

    beforeAll(async () => {
      t = await createTestApp({ dialect, env: { PUBLIC_URL: 'https://forum.example.com' } });
      member = await createUser(t);
    });
    afterAll(() => t.close());

    it('renders Markdown through the server pipeline', async () => {
      const res = await t.post<{ html: string }>(
        '/api/content/preview',
        { content: '# Hi\n\n**bold** [out](https://example.com) [in](https://forum.example.com/t/1) [bad](javascript:alert(1))\n\n<script>alert(1)</script>', contentType: 'markdown' },
        { token: member.token },
      );
      expect(res.status).toBe(200);
      const html = res.body.data!.html;
      expect(html).toContain('<h1>Hi</h1>');
      expect(html).toContain('<strong>bold</strong>');
      expect(html).toContain('<a href="/redirect?url=https%3A%2F%2Fexample.com%2F" rel="noopener noreferrer nofollow" target="_blank">out</a>');
      expect(html).toContain('<a href="https://forum.example.com/t/1" rel="noopener noreferrer nofollow" target="_blank">in</a>');
      expect(html).toContain('&lt;script&gt;');
      expect(findExecutable(html)).toEqual([]);
    });

    it('renders html and text too, and defaults to markdown', async () => {
      const html = await t.post<{ html: string }>('/api/content/preview', { content: '<p onclick="x">a</p>', contentType: 'html' }, { token: member.token });
      expect(html.body.data?.html).toBe('<p>a</p>');
      const text = await t.post<{ html: string }>('/api/content/preview', { content: 'a\nb', contentType: 'text' }, { token: member.token });
      expect(text.body.data?.html).toBe('<p>a<br />b</p>');
      const dflt = await t.post<{ html: string }>('/api/content/preview', { content: '*x*' }, { token: member.token });
      expect(dflt.body.data?.html).toBe('<p><em>x</em></p>');
    });

    it('answers nothing executable for the whole corpus', async () => {
      let author = member;
      for (const [i, vector] of XSS_VECTORS.entries()) {
        if (i % (PREVIEW_RATE.max - 10) === 0) author = await createUser(t); // stay under the per-user limit
        const res = await t.post<{ html: string }>('/api/content/preview', { content: vector.payload, contentType: vector.contentType }, { token: author.token });
        // Vectors carrying NUL or other unsafe characters are refused before the pipeline (400 on the field).
        if (!isSafeText(vector.payload)) {
          expect([res.status, res.body.errorCode], vector.payload).toEqual([400, 5]);
          continue;
        }
        expect(res.status).toBe(200);
        expect(findExecutable(res.body.data!.html), vector.payload).toEqual([]);
      }
    });

    it('needs a signed-in user', async () => {
      const res = await t.post('/api/content/preview', { content: 'x', contentType: 'markdown' });
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe(1);
    });

    it('validates the content type and length', async () => {
      const badType = await t.post('/api/content/preview', { content: 'x', contentType: 'rtf' }, { token: member.token });
      expect(badType.status).toBe(400);
      expect(badType.body.fields?.contentType).toContain('html, markdown or text');
      const long = await t.post('/api/content/preview', { content: 'x'.repeat(PREVIEW_MAX_CHARS + 1), contentType: 'markdown' }, { token: member.token });
      expect(long.status).toBe(400);
      expect(long.body.fields?.content).toContain(String(PREVIEW_MAX_CHARS));
    });

    it('rate-limits per user', async () => {
      const busy = await createUser(t);
      let status = 200;
      for (let i = 0; i <= PREVIEW_RATE.max && status === 200; i++) {
        status = (await t.post('/api/content/preview', { content: 'x' }, { token: busy.token })).status;
      }
      expect(status).toBe(429);
      expect((await t.post('/api/content/preview', { content: 'x' }, { token: member.token })).status).toBe(200);
    });
  });
}
