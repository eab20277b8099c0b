/**
 * Ban coverage (issue 16: "a banned member cannot write anything"), read from the declarations
 * (ADR 0021): every action that answers a POST is one of three kinds, by its `who` —
 *   - a writer's (gate `writer` or `verifiedWriter`): a banned member is refused with 403
 *     errorCode 3, before the body is read (an empty one is sent);
 *   - the back office's (a role rule on a member's gate, `who.staff`): every non-staff member,
 *     banned or not, is refused by role, 403 errorCode 2;
 *   - open to a banned member, and the declaration says why (`bannedMay`: the installer, signing
 *     in, one's inbox and account security).
 * Each is probed with a banned member's request, so a broken gate fails here whatever the
 * declaration says. A new write fails until its declaration says which kind it is.
 * Routing is the same on every engine, so this runs on SQLite only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTopic, createUser, type CreatedUser } from '../../tests/support/factories';
import { mutatingRoutes } from '../../tests/support/routes';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import type { AnyAction } from '../kernel/actions';

type Kind = 'writer' | 'staff' | 'open';

/** What a declaration says a ban does to the action. */
function kindOf(action: AnyAction): Kind | null {
  const { who } = action;
  if (who.gate === 'writer' || who.gate === 'verifiedWriter') return 'writer';
  if (who.can) return 'staff';
  return who.bannedMay?.trim() ? 'open' : null;
}

const REFUSAL: Record<Exclude<Kind, 'open'>, [number, number]> = { writer: [403, 3], staff: [403, 2] };

describe('ban coverage: every mutating action refuses a banned member, or says why not', () => {
  let t: TestApp;
  let banned: CreatedUser;
  let topicId: number;
  let posts: AnyAction[];

  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    banned = await createUser(t, { banned: -1 });
    topicId = await createTopic(t, (await createUser(t)).user);
    posts = t.ctx.actions.routed().map(({ action }) => action).filter((action) => action.contract.method === 'POST');
  });
  afterAll(() => t.close());

  it('finds every POST the app serves among the declarations', () => {
    const declared = posts.map((action) => `POST ${action.contract.path}`);
    expect(declared.length).toBeGreaterThan(60);
    expect(mutatingRoutes(t.app).filter((route) => !declared.includes(route))).toEqual([]);
  });

  it('knows of every mutating action whether a ban refuses it, and why when it does not', () => {
    expect(posts.filter((action) => kindOf(action) === null).map((action) => action.contract.name)).toEqual([]);
  });

  it('refuses a banned member on every writer’s and every staff action', async () => {
    const uncovered: string[] = [];
    for (const action of posts) {
      const kind = kindOf(action);
      if (kind === null || kind === 'open') continue;
      const path = action.contract.path!.replace(/:[A-Za-z]+/g, String(topicId));
      const res = await t.request('POST', path, { body: {}, token: banned.token });
      const [status, errorCode] = REFUSAL[kind];
      if (res.status !== status || res.body.errorCode !== errorCode) uncovered.push(`${action.contract.name} (${kind}) → ${res.status} errorCode ${res.body.errorCode}`);
    }
    expect(uncovered).toEqual([]);
  });

  it('lets a banned member through the doors the declarations keep open (none answers errorCode 3)', async () => {
    const open = posts.filter((action) => kindOf(action) === 'open');
    expect(open.map((action) => action.contract.name).sort()).toEqual(
      [
        'auth.passkeySignIn',
        'auth.passkeySignInOptions',
        'accountData.cancelDeletion',
        'accountData.requestDeletion',
        'accountData.requestExport',
        'auth.resetPassword',
        'auth.secondFactor',
        'auth.sendResetPasswordEmail',
        'auth.sendVerifyEmail',
        'auth.setEmail',
        'auth.setPassword',
        'auth.signIn',
        'auth.signUp',
        'auth.updatePassword',
        'auth.verifyEmail',
        'content.preview',
        'install.install',
        'install.testDbConnection',
        'message.markAllRead',
        'message.markGroupsRead',
        'message.markRead',
        'message.updatePrefs',
        'message.updateSettings',
        // One's own devices: a banned member is still told about their account.
        'push.removeDevice',
        'push.subscribe',
        'push.unsubscribe',
        'security.passkeyAdd',
        'security.passkeyOptions',
        'security.passkeyRemove',
        'security.passkeyRename',
        'security.regenerateRecoveryCodes',
        'security.totpConfirm',
        'security.totpDisable',
        'security.totpSetup',
        'tag.autocomplete',
        'unsubscribe.oneClick',
        'vip.submit',
        // One's own conversations' state (issue 28): read, mute, leave, who may message me.
        'conversation.leave',
        'conversation.markRead',
        'conversation.mute',
        'conversation.updateSettings',
        // Issue 28: a block shields its member; a warning must be acknowledgeable while banned.
        'block.block',
        'block.unblock',
        'warning.acknowledge',
        // Issue 29: one's own ways in (a linked sign-in provider) stay one's own to manage.
        'identities.unlink',
        // Issue 29: signing in by phone (how a banned member reads why), one's own phone and sessions.
        'phone.sendSignInCode',
        'phone.signIn',
        'phone.sendBindCode',
        'phone.bind',
        'phone.remove',
        'sessions.revoke',
        'sessions.revokeOthers',
      ].sort(),
    );
    for (const action of open) {
      const path = action.contract.path!.replace(/:[A-Za-z]+/g, String(topicId));
      const res = await t.request('POST', path, { body: {}, token: banned.token });
      expect(res.body.errorCode, action.contract.name).not.toBe(3);
    }
  });

  // IP and network bans (issue 28): a banned address makes no write at all, whoever signs it
  // (signing up and in among them, and the doors a member's ban keeps open); reading stays open.
  it('refuses every POST from a banned address, before anything else', async () => {
    const db = t.ctx.state.db!;
    const now = Date.now();
    await db.insertInto('ip_bans').values({ cidr: '192.0.2.0/24', reason: 'coverage', expire_time: 0, created_by: null, create_time: now, update_time: now }).execute();
    t.ctx.ipBans.invalidate();
    const admin = await createUser(t, { role: 'admin' });
    const open: string[] = [];
    // The installer's doors run before there is a database, hence a ban list (after install they are closed).
    for (const action of posts.filter((declared) => !declared.beforeInstall)) {
      const path = action.contract.path!.replace(/:[A-Za-z]+/g, String(topicId));
      const res = await t.request('POST', path, { body: {}, token: admin.token, remoteAddress: '192.0.2.99' });
      if (res.status !== 403 || res.body.message !== 'Your network address is blocked on this site: you can read, but not sign up, sign in or post. If you think this is a mistake, contact the site\'s administrators.') open.push(`${action.contract.name} → ${res.status}`);
    }
    expect(open).toEqual([]);
    expect((await t.request('GET', '/api/topic/topics', { remoteAddress: '192.0.2.99' })).status).toBe(200);
  });
});
