/**
 * One-click unsubscribe over HTTP on every engine (issue 27; RFC 2369, RFC 8058): the reply mail
 * and the VIP decision mail carry `List-Unsubscribe` / `List-Unsubscribe-Post` and a visible
 * link, in the member's language; the one-click POST (form-encoded, no cookie) turns off only the
 * preference its token names; a GET of the link, and the page's read, change nothing; a token cut
 * short, changed or signed with another key is refused with the field named and nothing changed;
 * the site's signing key is made once even when two apps race for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeActions } from '../../../common/actions/unsubscribe';
import { testDatabases } from '../../../tests/support/databases';
import { createTopic, createUser, type CreatedUser } from '../../../tests/support/factories';
import { readEmlMails, waitForEml, type ReceivedMail } from '../../../tests/support/mail';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { enqueueJob } from '../../kernel/jobs';
import { preferencesOf, readUnsubscribeToken, setChannel, unsubscribeLink, type UnsubscribeTarget } from '../messages/messages.api';
import { siteSecret } from '../settings/settings.api';
import { vipMailJob } from '../vip/vip.jobs';

const START = 1_800_000_000_000;
const ONE_CLICK = { 'List-Unsubscribe': 'One-Click' };

/** A header of a raw mail, its folded lines joined. */
function header(mail: ReceivedMail, name: string): string | null {
  const head = mail.raw.replace(/\r\n/g, '\n').split('\n\n')[0]!.replace(/\n[ \t]+/g, ' ');
  const line = head.split('\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** The token of a mail's List-Unsubscribe address (and that it is the one-click API's). */
function headerToken(mail: ReceivedMail): string {
  const value = header(mail, 'List-Unsubscribe');
  const match = /^<(https?:\/\/[^>]+)\/api\/notifications\/unsubscribe\?token=([A-Za-z0-9_-]+)>$/.exec(value ?? '');
  if (!match) throw new Error(`no List-Unsubscribe address in ${value}`);
  return match[2]!;
}

for (const dialect of await testDatabases()) {
  describe(`unsubscribe [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
    });
    afterAll(() => t.close());

    const oneClick = (token: string, form: Record<string, string> = ONE_CLICK) => t.request('POST', `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, { form });
    const secret = () => siteSecret(db, 'mail-token', clock);
    const tokenFor = async (userId: number, target: UnsubscribeTarget) => {
      const link = unsubscribeLink('http://x', await secret(), { userId, target });
      return new URL(link.page).searchParams.get('token')!;
    };

    /** Comment mails on for `a`, then one comment by `b` on a topic of `a`, and the mail it sends. */
    async function replyMailTo(a: CreatedUser, b: CreatedUser): Promise<ReceivedMail> {
      await setChannel(db, a.user.id, 'comment', 'email', true, clock);
      const topicId = await createTopic(t, a.user, { title: 'Monsoon <plans>' });
      const before = readEmlMails(t.dataDir).length;
      clock += 11 * 60_000;
      expect((await t.post('/api/comment/create', { entityType: 'topic', entityId: topicId, content: 'See you there' }, { token: b.token })).status).toBe(200);
      await t.jobs.drain();
      return waitForEml(t.dataDir, a.email!, { after: before });
    }

    it('a reply mail carries both headers and a visible link, in the member’s language; one click turns off only that kind’s e-mail', async () => {
      const [a, b] = [await createUser(t), await createUser(t)];
      await db.updateTable('users').set({ locale: 'zh-CN' }).where('id', '=', a.user.id).execute();
      const mail = await replyMailTo(a, b);
      // RFC 8058: both fields; the address is the API's, the body's link the page's, one token.
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const token = headerToken(mail);
      expect(mail.text).toContain(`/unsubscribe?token=${token}`);
      expect(mail.html).toContain(`/unsubscribe?token=${token}`);
      expect(mail.messageId).toMatch(/^<job-\d+\./);
      // Written in the member's language (zh-CN), not the site's (en-US).
      expect(mail.text).toContain('一键退订');
      expect(mail.subject).not.toMatch(/wrote to you/);
      expect(readUnsubscribeToken(await secret(), token)).toEqual({ userId: a.user.id, target: 'comment' });

      const before = await preferencesOf(db, a.user.id);
      expect(before.kinds.comment.email).toBe(true);
      // The POST a mail provider makes: form-encoded, no cookie, no Origin of ours.
      const res = await t.request('POST', `/api/notifications/unsubscribe?token=${token}`, { form: ONE_CLICK, headers: { origin: 'https://mail.example.net' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ target: 'comment' });
      const after = await preferencesOf(db, a.user.id);
      expect(after.kinds.comment.email).toBe(false);
      // Only that one: every other switch and the digest as they were.
      expect({ ...after, kinds: { ...after.kinds, comment: before.kinds.comment } }).toEqual(before);
      // Again: still 200, still off (a provider may retry).
      expect((await oneClick(token)).status).toBe(200);
      expect((await preferencesOf(db, a.user.id)).kinds.comment.email).toBe(false);
    });

    it('a GET of the link and the page’s read change nothing; the GET sends the reader on to the page', async () => {
      const a = await createUser(t, { nickname: 'Malee' });
      const token = await tokenFor(a.user.id, 'mention');
      const before = await preferencesOf(db, a.user.id);
      const res = await t.get(`/api/notifications/unsubscribe?token=${token}`);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/unsubscribe?token=${token}`);
      const page = await t.read(unsubscribeActions.preview, { token });
      expect(page).toMatchObject({ ok: true, data: { target: 'mention', nickname: 'Malee' } });
      expect(await preferencesOf(db, a.user.id)).toEqual(before);
    });

    it('refuses a tampered, cut or foreign token, and a POST without One-Click: 400 on the field, nothing changed', async () => {
      const a = await createUser(t);
      const token = await tokenFor(a.user.id, 'mention');
      const before = await preferencesOf(db, a.user.id);
      const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
      // Another member's id under the same signature; a changed signature; a cut token; a kind not ours.
      const otherPayload = token.slice(0, 43) + Buffer.from(`${a.user.id + 1}:mention`).toString('base64url');
      const foreign = unsubscribeLink('http://x', 'another site’s key', { userId: a.user.id, target: 'mention' }).page.split('token=')[1]!;
      for (const bad of [flip(token, 5), flip(token, token.length - 2), token.slice(0, 40), otherPayload, foreign, 'x'.repeat(300), 'not a token']) {
        const res = await oneClick(bad);
        expect(res.status, bad).toBe(400);
        expect(res.body.fields?.token).toBeTruthy();
        expect((await t.read(unsubscribeActions.preview, { token: bad })).ok).toBe(false);
      }
      const zh = await t.request('POST', `/api/notifications/unsubscribe?token=${flip(token, 5)}`, { form: ONE_CLICK, headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.message).toContain('退订链接无效');
      // The right token without the one-click body is not an unsubscribe.
      expect((await oneClick(token, { other: 'x' })).status).toBe(400);
      expect((await t.request('POST', '/api/notifications/unsubscribe', { form: ONE_CLICK })).status).toBe(400);
      expect(await preferencesOf(db, a.user.id)).toEqual(before);
    });

    it('the token may come in the body, and the page’s own button (a cookie, same origin) works as well as a cross-origin post', async () => {
      const a = await createUser(t);
      const token = await tokenFor(a.user.id, 'like');
      await setChannel(db, a.user.id, 'like', 'email', true, clock);
      const res = await t.request('POST', '/api/notifications/unsubscribe', { body: { token, ...ONE_CLICK }, cookies: { sabai_token: a.token }, headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' } });
      expect(res.status).toBe(200);
      expect((await preferencesOf(db, a.user.id)).kinds.like.email).toBe(false);
    });

    it('the digest’s token sets the digest off, nothing else', async () => {
      const a = await createUser(t);
      const before = await preferencesOf(db, a.user.id);
      expect((await oneClick(await tokenFor(a.user.id, 'digest'))).body.data).toEqual({ target: 'digest' });
      expect(await preferencesOf(db, a.user.id)).toEqual({ ...before, digest: 0 });
    });

    it('the VIP decision mail follows the member’s vip e-mail choice and carries the unsubscribe headers', async () => {
      const a = await createUser(t);
      const decision = { kind: 'rejected' as const, userId: a.user.id, plan: '1y' as const, amount: '10.0001', reason: 'no <payment>' };
      const before = readEmlMails(t.dataDir).length;
      await enqueueJob(t.ctx, vipMailJob, decision);
      await t.jobs.drain();
      const mail = await waitForEml(t.dataDir, a.email!, { after: before });
      expect(readUnsubscribeToken(await secret(), headerToken(mail))).toEqual({ userId: a.user.id, target: 'vip' });
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(mail.html).toContain('no &lt;payment&gt;');
      expect((await oneClick(headerToken(mail))).status).toBe(200);
      const count = readEmlMails(t.dataDir).length;
      await enqueueJob(t.ctx, vipMailJob, decision);
      await t.jobs.drain();
      expect(readEmlMails(t.dataDir).length).toBe(count);
    });

    it('security mails carry no unsubscribe: a verification mail has neither header nor link', async () => {
      const a = await createUser(t, { verified: false });
      const before = readEmlMails(t.dataDir).length;
      expect((await t.post('/api/user/send_verify_email', {}, { token: a.token })).status).toBe(200);
      await t.jobs.drain();
      const mail = await waitForEml(t.dataDir, a.email!, { after: before });
      expect(header(mail, 'List-Unsubscribe')).toBeNull();
      expect(header(mail, 'List-Unsubscribe-Post')).toBeNull();
      expect(mail.text).not.toContain('/unsubscribe');
    });

    it('the signing key is made once, the same for two apps racing on one database', async () => {
      const other = await createTestApp({ dialect, clock: { now: () => clock }, reuse: { dataDir: t.dataDir, database: t.database } });
      try {
        await db.deleteFrom('site_secrets').where('name', '=', 'mail-token').execute();
        const keys = await Promise.all([siteSecret(db, 'mail-token', clock), siteSecret(requireDb(other.ctx), 'mail-token', clock), siteSecret(db, 'mail-token', clock)]);
        expect(new Set(keys).size).toBe(1);
        expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(await db.selectFrom('site_secrets').select('value').where('name', '=', 'mail-token').execute()).toEqual([{ value: keys[0] }]);
      } finally {
        await other.stop();
      }
    });
  });
}
