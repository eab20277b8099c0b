/**
 * Ban coverage (issue 16: "a banned member cannot write anything"): every mutating route the app
 * serves is listed, and each must refuse a banned member with 403 errorCode 3 (before reading
 * its body: an empty one is sent) — unless it is named below with the reason it stays open, or
 * it is the back office's (refused to every non-staff member, 403 errorCode 2). A new write
 * route that forgets the ban check fails here until it checks or says why it need not.
 * Routing is the same on every engine, so this runs on SQLite only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTopic, createUser, type CreatedUser } from '../../tests/support/factories';
import { mutatingRoutes } from '../../tests/support/routes';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

/** Writes a banned member may still make, and why. */
const OPEN_TO_BANNED: Record<string, string> = {
  'POST /api/install/test_db_connection': 'the installer: no members yet (refused once installed)',
  'POST /api/install/install': 'the installer: no members yet (refused once installed)',
  'POST /api/login/signup': 'no account yet',
  'POST /api/login/signin': 'signing in is how a banned member reads why and until when',
  'POST /api/login/send_reset_password_email': 'account recovery stays open',
  'POST /api/login/reset_password': 'account recovery stays open',
  'POST /api/user/set_email': 'account security: the member keeps control of their sign-in address',
  'POST /api/user/set_password': 'account security: the member keeps control of their password',
  'POST /api/user/update_password': 'account security: the member keeps control of their password',
  'POST /api/user/send_verify_email': 'account security: verifying the address they sign in with',
  'POST /api/user/verify_email': 'the verification link, by its token',
  'POST /api/user/settings': 'notification settings: a ban does not close one\u2019s inbox',
  'POST /api/user/messages/read': 'marking messages read: a ban does not close one\u2019s inbox',
  'POST /api/user/messages/read_all': 'marking messages read: a ban does not close one\u2019s inbox',
  'POST /api/content/preview': 'renders a preview, writes nothing',
  'POST /api/tag/autocomplete': 'a read (POST for the typed text), writes nothing',
  'POST /api/vip/orders/:id/submit': 'a payment made before the ban still gets its hash recorded (a new order is refused)',
};

/** The back office: every non-staff member, banned or not, is refused (403 errorCode 2). */
const STAFF_ONLY = '/api/admin/';

describe('ban coverage: every mutating route refuses a banned member', () => {
  let t: TestApp;
  let banned: CreatedUser;
  let topicId: number;

  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    banned = await createUser(t, { banned: -1 });
    topicId = await createTopic(t, (await createUser(t)).user);
  });
  afterAll(() => t.close());

  it('lists the mutating routes (the list is not empty, every exemption still exists)', () => {
    const routes = mutatingRoutes(t.app);
    expect(routes.length).toBeGreaterThan(30);
    expect(Object.keys(OPEN_TO_BANNED).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('refuses a banned member on every mutating route not named as open', async () => {
    const uncovered: string[] = [];
    for (const route of mutatingRoutes(t.app)) {
      if (route in OPEN_TO_BANNED) continue;
      const [method, pattern] = route.split(' ') as [string, string];
      const path = pattern.replace(/:[A-Za-z]+/g, String(topicId));
      const res = await t.request(method as 'POST', path, { body: {}, token: banned.token });
      const expected = pattern.startsWith(STAFF_ONLY) ? [403, 2] : [403, 3];
      if (res.status !== expected[0] || res.body.errorCode !== expected[1]) uncovered.push(`${route} → ${res.status} errorCode ${res.body.errorCode}`);
    }
    expect(uncovered).toEqual([]);
  });
});
