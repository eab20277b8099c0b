/**
 * Look-alikes of the staff's names are reserved: the skeleton (UTS #39, made case-blind) of
 * `аdmin` (Cyrillic а), `ａｄｍｉｎ`, `ADMlN`, `Ad Min` or `adm1n` is admin's; and on every write
 * that names a member (sign-up, profile, username), on every engine, the field is refused with
 * a translated message, while the staff themselves and unrelated names pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, randomIp, uniqueEmail, type CreatedUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { nameSkeleton } from './names';

/** What passes for `admin`. */
const ADMIN_LOOKALIKES = [
  'admin',
  'Admin',
  'ADMIN',
  'admin\u200b',
  '\u200badmin\u2069',
  '\u0430dmin', // Cyrillic а
  '\u0410DMIN', // Cyrillic А
  'ΑDΜΙΝ', // Greek capitals
  'ａｄｍｉｎ', // fullwidth
  '𝐚𝐝𝐦𝐢𝐧', // mathematical bold
  'ADMlN', // lower-case L for I
  'adm1n',
  'adm!n',
  'Ad Min',
  'a.d.m.i.n',
  'ádmìn',
  'ɑdmin', // Latin alpha
  'adrnin', // rn for m
  'ꓮDMꓲN', // Lisu
];

describe('nameSkeleton', () => {
  it.each(ADMIN_LOOKALIKES)('%j looks like admin', (name) => {
    expect(nameSkeleton(name)).toBe(nameSkeleton('admin'));
  });

  it('keeps names apart that read differently', () => {
    const names = ['admin', 'adam', 'madmin', 'admins', 'Somchai', 'Somsak', '小明', '小红', 'สมชาย', 'สมศักดิ์', 'Zoë', 'Bob'];
    expect(new Set(names.map(nameSkeleton)).size).toBe(names.length);
  });

  it('folds scripts without look-alikes to themselves, and invisible-only names to nothing', () => {
    expect(nameSkeleton('管理员')).toBe('管理员');
    expect(nameSkeleton('\u200b\u202e')).toBe('');
    expect(nameSkeleton('🙂')).toBe('');
  });
});

for (const dialect of await testDatabases()) {
  describe(`reserved names [${dialect}]`, () => {
    let t: TestApp;
    let admin: CreatedUser;
    let moderator: CreatedUser;
    let member: CreatedUser;

    const signUp = (nickname: string, headers: Record<string, string> = {}) =>
      t.post('/api/login/signup', { nickname, email: uniqueEmail('names'), password: 'secret1', rePassword: 'secret1' }, { remoteAddress: randomIp(), headers });

    beforeAll(async () => {
      t = await createTestApp({ dialect });
      admin = await createUser(t, { role: 'admin', username: 'admin', nickname: 'admin' });
      moderator = await createUser(t, { role: 'moderator', nickname: 'Nok Moderates', username: 'nokmod' });
      member = await createUser(t, { nickname: 'Plain Member' });
    });
    afterAll(() => t.close());

    it('sign-up refuses a look-alike of a staff name on the nickname field, in the reader’s language', async () => {
      for (const nickname of ['\u0430dmin', 'ａｄｍｉｎ', 'admin\u200b', 'N0k M0derates', 'NOKMOD', 'administrator', '管理员']) {
        const res = await signUp(nickname);
        expect(res.status, nickname).toBe(409);
        expect(res.body).toMatchObject({ success: false, errorCode: 9, fields: { nickname: "This nickname is too close to an administrator's or moderator's name. Please choose another." } });
      }
      const zh = await signUp('Аdmin', { 'accept-language': 'zh-CN' });
      expect(zh.body.fields).toEqual({ nickname: '该昵称与管理员或版主的名字过于相似，请换一个。' });
      // The right-to-left override is removed, not kept: what is stored reads as typed.
      const rlo = await signUp('\u202enimda');
      expect(rlo.status).toBe(200);
      expect((rlo.body.data as { user: { nickname: string } }).user.nickname).toBe('nimda');
      expect((await signUp('Adam Smith')).status).toBe(200);
    });

    it('profile and username: refused for members, the field named; the staff keep and change their own', async () => {
      const update = await t.post('/api/user/update', { nickname: 'ADMlN', signature: 'hi' }, { token: member.token });
      expect(update.status).toBe(409);
      expect(Object.keys(update.body.fields ?? {})).toEqual(['nickname']);
      expect((await t.get<{ nickname: string; signature: string }>('/api/user/current', { token: member.token })).body.data).toMatchObject({ nickname: 'Plain Member', signature: '' });
      const username = await t.post('/api/user/set_username', { username: 'adm1n' }, { token: member.token });
      expect(username.status).toBe(409);
      expect(username.body.fields).toEqual({ username: "This username is too close to an administrator's or moderator's name. Please choose another." });
      expect((await t.post('/api/user/set_username', { username: 'n0kmod' }, { token: member.token })).status).toBe(409);
      expect((await t.post('/api/user/set_username', { username: 'plainmem' }, { token: member.token })).status).toBe(200);
      // An unchanged nickname is not judged again (it was there before the staff name).
      expect((await t.post('/api/user/update', { nickname: 'Plain Member', signature: 'still me' }, { token: member.token })).status).toBe(200);
      // The staff: their own names and the staff words are theirs; another staff member's are not.
      expect((await t.post('/api/user/update', { nickname: 'Admin' }, { token: admin.token })).status).toBe(200);
      expect((await t.post('/api/user/update', { nickname: 'Moderator Nok' }, { token: moderator.token })).status).toBe(200);
      expect((await t.post('/api/user/update', { nickname: 'аdmin' }, { token: moderator.token })).status).toBe(409);
    });
  });
}
