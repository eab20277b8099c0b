/**
 * VIP membership over HTTP on every engine (issue 18, ADR 0020), with a clock the test sets:
 * plans and the VIP switch, unique amounts, the order state machine with every illegal move
 * refused (and nothing changed), hash format and reuse, two admins activating one order at the
 * same moment, the expiry arithmetic (extend from a running end, forever stays forever, expired
 * without a job), the member's message, mail and audit row (handlers of `vip.activated` /
 * `vip.rejected`: removing one fails here), the reminder before the end, the admin queue and
 * settings, the order limit, and the authorization matrix of every mutating VIP route.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vipActions } from '../../../common/actions/vip';
import { DAY_MS, TRON_ADDRESS, usdtToMicro } from '../../../common/vip';
import type { VipSettings } from '../../../common/validation/vip';
import type { VipMembershipView, VipOrderView, VipPlansView, VipQueuePage, VipSettingsView } from '../../../common/views/vip';
import type { Page } from '../../../common/views/page';
import type { CurrentUser, PublicUser } from '../../../common/views/user';
import { testDatabases } from '../../../tests/support/databases';
import { createUser, type CreatedUser } from '../../../tests/support/factories';
import { readEmlMails } from '../../../tests/support/mail';
import { createTestApp, writeTestSettings, type TestApp } from '../../../tests/support/test-app';
import { requireDb } from '../../context';
import type { Database } from '../../db/database';
import { listAuditFor } from '../audit/audit.service';
import { issueToken } from '../auth/tokens.service';
import { remindExpiringVip } from './vip.reminders';

const START = 1_900_000_000_000;
const WALLET = 'THqSwS3ePgEgPcBV7t1s21KEmVDVAVeP2N';
const VIP_ON: VipSettings = {
  enabled: true,
  address: WALLET,
  prices: { '1y': '30', '2y': '50.5', forever: '150' },
  orderExpiryMinutes: 60,
  explorerUrl: 'https://tronscan.org/#/transaction/{hash}',
  orderLimit: { max: 0, windowMs: 60_000 },
};

type Actor = 'anonymous' | 'member' | 'other' | 'banned' | 'unverified' | 'moderator' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'member', 'other', 'banned', 'unverified', 'moderator', 'admin'];
type Expect = Record<Actor, [number, number?]>;

let hashCounter = 0;
/** A fresh, well-formed transaction hash. */
function freshHash(): string {
  hashCounter += 1;
  return `${Date.now().toString(16)}${hashCounter.toString(16)}`.padStart(64, 'a');
}

for (const dialect of await testDatabases()) {
  describe(`VIP membership [${dialect}]`, () => {
    let t: TestApp;
    let db: Database;
    let clock = START;
    let admin: CreatedUser;
    let admin2: CreatedUser;
    let moderator: CreatedUser;

    const order = (token: string | undefined, plan: string) => t.post<VipOrderView>('/api/vip/orders', { plan }, { token });
    const submit = (token: string | undefined, id: number, txHash: string) => t.post<VipOrderView>(`/api/vip/orders/${id}/submit`, { txHash }, { token });
    const activate = (token: string | undefined, id: number) => t.post<VipOrderView>(`/api/admin/vip/orders/${id}/activate`, {}, { token });
    const reject = (token: string | undefined, id: number, reason: string) => t.post<VipOrderView>(`/api/admin/vip/orders/${id}/reject`, { reason }, { token });
    const orderRow = (id: number) => db.selectFrom('vip_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const expiryOf = async (id: number) => Number((await db.selectFrom('users').select('vip_expire_time').where('id', '=', id).executeTakeFirstOrThrow()).vip_expire_time);
    const messagesOf = (id: number, type: string) => db.selectFrom('messages').select(['content', 'params', 'url']).where('user_id', '=', id).where('type', '=', type).execute();

    /** A member's order for `plan`, paid and submitted with a fresh hash. */
    async function submitted(user: CreatedUser, plan = '1y'): Promise<VipOrderView> {
      const created = await order(user.token, plan);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const res = await submit(user.token, created.body.data!.id, freshHash());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data!;
    }

    beforeAll(async () => {
      expect(WALLET).toMatch(TRON_ADDRESS);
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      db = requireDb(t.ctx);
      admin = await createUser(t, { role: 'admin' });
      admin2 = await createUser(t, { role: 'admin' });
      moderator = await createUser(t, { role: 'moderator' });
      await writeTestSettings(t, { vip: VIP_ON }, clock);
    });
    afterAll(() => t.close());

    /** A session valid at the test clock (the clock jumps years ahead; sessions last 30 days). */
    async function signIn(...people: CreatedUser[]): Promise<void> {
      for (const person of people) person.token = (await issueToken(db, person.user.id, { now: clock, expireDays: 30, userAgent: 'vip.test', ip: '127.0.0.1' })).token;
    }
    beforeEach(() => signIn(admin, admin2, moderator));

    it('answers the plans with decimal prices; with VIP off the plans and new orders are refused (403, translated)', async () => {
      const plans = await t.get<VipPlansView>('/api/vip/plans');
      expect(plans.status).toBe(200);
      expect(plans.body.data).toEqual({
        enabled: true,
        network: 'TRC20',
        currency: 'USDT',
        address: WALLET,
        orderExpiryMinutes: 60,
        plans: [
          { id: '1y', price: '30.00', days: 365 },
          { id: '2y', price: '50.50', days: 730 },
          { id: 'forever', price: '150.00', days: -1 },
        ],
      });
      const member = await createUser(t);
      await writeTestSettings(t, { vip: { ...VIP_ON, enabled: false } }, clock);
      try {
        const off = await t.get('/api/vip/plans', { headers: { 'accept-language': 'zh-CN' } });
        expect(off.status).toBe(403);
        expect(off.body.message).toBe('VIP 会员功能未开启');
        const refused = await order(member.token, '1y');
        expect([refused.status, refused.body.errorCode, refused.body.message]).toEqual([403, 2, 'VIP membership is not enabled']);
        expect(await db.selectFrom('vip_orders').select('id').where('user_id', '=', member.user.id).execute()).toEqual([]);
        // The config tells the pages (the menu item, the page's notice).
        expect((await t.get<{ vip: unknown }>('/api/config/configs')).body.data!.vip).toEqual({ enabled: false });
      } finally {
        await writeTestSettings(t, { vip: VIP_ON }, clock);
      }
    });

    it('makes an order: the price plus 1–999 thousandths, pending until the expiry; a second click answers the same order, another plan replaces it', async () => {
      const member = await createUser(t);
      const res = await order(member.token, '2y');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const created = res.body.data!;
      expect(created).toMatchObject({ plan: '2y', address: WALLET, network: 'TRC20', currency: 'USDT', status: 'pending', expiresAt: clock + 60 * 60_000, txHash: '' });
      const extra = usdtToMicro(created.amount)! - usdtToMicro('50.5')!;
      expect(extra % 1000).toBe(0);
      expect(extra / 1000).toBeGreaterThanOrEqual(1);
      expect(extra / 1000).toBeLessThanOrEqual(999);
      expect(Number((await orderRow(created.id)).amount)).toBe(usdtToMicro(created.amount));
      // The same plan again: the same order, not a second one.
      expect((await order(member.token, '2y')).body.data!.id).toBe(created.id);
      // Another plan: the first order closes (it reads as expired), the new one is open.
      const other = (await order(member.token, 'forever')).body.data!;
      expect(other.id).not.toBe(created.id);
      const history = (await t.get<Page<VipOrderView>>('/api/vip/orders', { token: member.token })).body.data!;
      expect(history.results.map((o) => [o.id, o.status])).toEqual([
        [other.id, 'pending'],
        [created.id, 'expired'],
      ]);
      expect((await submit(member.token, created.id, freshHash())).status).toBe(409);
      // A bad plan names the field.
      const bad = await order(member.token, '3y');
      expect([bad.status, bad.body.fields?.plan]).toEqual([400, 'Choose a plan: 1 year, 2 years or forever']);
    });

    it('gives every open order its own amount, even when members order at the same moment; an expired order gives its amount back', async () => {
      const members = await Promise.all(Array.from({ length: 12 }, () => createUser(t)));
      const answers = await Promise.all(members.map((m) => order(m.token, '1y')));
      for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
      const open = await db.selectFrom('vip_orders').select(['amount', 'amount_lock']).where('amount_lock', 'is not', null).execute();
      const amounts = open.map((row) => Number(row.amount_lock));
      expect(new Set(amounts).size).toBe(amounts.length);
      expect(new Set(answers.map((res) => res.body.data!.amount)).size).toBe(answers.length);
      // Past their expiry the pending orders read as expired; the next order releases their amounts.
      clock += 61 * 60_000;
      const late = await createUser(t);
      expect((await order(late.token, '1y')).status).toBe(200);
      const still = await db.selectFrom('vip_orders').select('id').where('amount_lock', 'is not', null).where('status', '=', 'pending').where('expires_at', '<=', clock).execute();
      expect(still).toEqual([]);
      const mine = (await t.get<Page<VipOrderView>>('/api/vip/orders', { token: members[0]!.token })).body.data!;
      expect(mine.results[0]!.status).toBe('expired');
    });

    it('checks the hash: 64 hex characters (any case, stored lower case); a hash any order used is refused', async () => {
      const member = await createUser(t);
      const other = await createUser(t);
      const mine = (await order(member.token, '1y')).body.data!;
      for (const bad of ['', 'abc', 'g'.repeat(64), '0x' + 'a'.repeat(62), 'a'.repeat(65)]) {
        const res = await submit(member.token, mine.id, bad);
        expect(res.status, bad).toBe(400);
        expect(res.body.fields?.txHash, bad).toBeTruthy();
      }
      expect((await orderRow(mine.id)).status).toBe('pending');
      const hash = freshHash();
      const res = await submit(member.token, mine.id, hash.toUpperCase());
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'submitted', txHash: hash, explorerUrl: `https://tronscan.org/#/transaction/${hash}` });
      // Another member's order with the same hash (either case): refused, naming the field.
      const theirs = (await order(other.token, '1y')).body.data!;
      const reused = await submit(other.token, theirs.id, hash);
      expect([reused.status, reused.body.errorCode, reused.body.fields?.txHash]).toEqual([409, 9, 'This transaction hash has already been used for an order']);
      // Still refused after the first order was rejected: a transaction pays once.
      expect((await reject(admin.token, mine.id, 'No such payment')).status).toBe(200);
      expect((await submit(other.token, theirs.id, hash)).status).toBe(409);
      expect((await orderRow(theirs.id)).status).toBe('pending');
      // Two orders given one new hash at the same moment: one keeps it.
      const a = (await order(member.token, '2y')).body.data!;
      const b = (await order(other.token, '2y')).body.data!;
      const shared = freshHash();
      const both = await Promise.all([submit(member.token, a.id, shared), submit(other.token, b.id, shared)]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    });

    it('refuses every illegal move with 409 and changes nothing', async () => {
      const member = await createUser(t);
      const other = await createUser(t);
      const probe = async (id: number) => {
        const row = await orderRow(id);
        return JSON.stringify([row.status, row.tx_hash, row.admin_id, row.reason, row.decide_time, await expiryOf(row.user_id)]);
      };
      const refused = async (call: Promise<{ status: number; body: { errorCode?: number } }>, id: number, status = 409) => {
        const before = await probe(id);
        const res = await call;
        expect(res.status, JSON.stringify(res.body)).toBe(status);
        expect(await probe(id)).toBe(before);
      };
      // pending: no decision yet.
      const pending = (await order(member.token, '1y')).body.data!;
      await refused(activate(admin.token, pending.id), pending.id);
      await refused(reject(admin.token, pending.id, 'x'), pending.id);
      // Someone else's order, or none: 404.
      await refused(submit(other.token, pending.id, freshHash()), pending.id, 404);
      await refused(submit(member.token, 999_999, freshHash()), pending.id, 404);
      await refused(activate(admin.token, 999_999), pending.id, 404);
      // submitted: no second hash.
      const sent = await submitted(member, '2y');
      await refused(submit(member.token, sent.id, freshHash()), sent.id);
      // active: nothing more.
      expect((await activate(admin.token, sent.id)).status).toBe(200);
      await refused(activate(admin.token, sent.id), sent.id);
      await refused(reject(admin.token, sent.id, 'late'), sent.id);
      await refused(submit(member.token, sent.id, freshHash()), sent.id);
      // rejected: nothing more.
      const bounced = await submitted(member, '1y');
      expect((await reject(admin.token, bounced.id, 'Amount did not arrive')).status).toBe(200);
      await refused(activate(admin.token, bounced.id), bounced.id);
      await refused(reject(admin.token, bounced.id, 'again'), bounced.id);
      await refused(submit(member.token, bounced.id, freshHash()), bounced.id);
      // expired: no hash, no decision.
      const stale = (await order(member.token, 'forever')).body.data!;
      clock += 60 * 60_000;
      await refused(submit(member.token, stale.id, freshHash()), stale.id);
      await refused(activate(admin.token, stale.id), stale.id);
      await refused(reject(admin.token, stale.id, 'x'), stale.id);
      const message = (await submit(member.token, stale.id, freshHash())).body;
      expect(message).toMatchObject({ errorCode: 9, message: 'This order has expired; please create a new one' });
      // A rejection needs a reason.
      const open = await submitted(member, '1y');
      const noReason = await reject(admin.token, open.id, '  ');
      expect([noReason.status, noReason.body.fields?.reason]).toEqual([400, 'Give a reason']);
    });

    it('answers a path that names no order 404 before reading the body (the declared actions’ order)', async () => {
      const member = await createUser(t);
      const missing = (await submit(member.token, 999_999, freshHash())).body;
      expect(missing.errorCode).toBe(6);
      for (const id of ['abc', '0x10', '01']) {
        // A bad hash or no reason would be a 400: the path is judged first.
        const sent = await t.post(`/api/vip/orders/${id}/submit`, { txHash: 'nope' }, { token: member.token });
        expect([sent.status, sent.body.errorCode, sent.body.message]).toEqual([404, 6, missing.message]);
        const rejected = await t.post(`/api/admin/vip/orders/${id}/reject`, { reason: '' }, { token: admin.token });
        expect([rejected.status, rejected.body.message]).toEqual([404, missing.message]);
        expect((await t.post(`/api/admin/vip/orders/${id}/activate`, {}, { token: admin.token })).status).toBe(404);
      }
      // Who may still comes first: a member is refused the back office's path whatever it names.
      expect((await t.post('/api/admin/vip/orders/abc/activate', {}, { token: member.token })).status).toBe(403);
    });

    it('activates an order once, even when two admins press at the same moment', async () => {
      const member = await createUser(t);
      const sent = await submitted(member, '1y');
      const answers = await Promise.all([activate(admin.token, sent.id), activate(admin2.token, sent.id)]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
      expect(await expiryOf(member.user.id)).toBe(clock + 365 * DAY_MS);
      expect(await messagesOf(member.user.id, 'vip_activated')).toHaveLength(1);
      expect((await listAuditFor(db, 'user', member.user.id)).filter((entry) => entry.action === 'vip.activate')).toHaveLength(1);
      // An activation and a rejection racing: one of them decides.
      const next = await submitted(member, '2y');
      const race = await Promise.all([activate(admin.token, next.id), reject(admin2.token, next.id, 'Duplicate')]);
      expect(race.map((res) => res.status).sort()).toEqual([200, 409]);
      const row = await orderRow(next.id);
      expect(row.status).toBe(race[0]!.status === 200 ? 'active' : 'rejected');
    });

    it('extends from a running end, from now once it passed; forever stays forever; the badge follows the clock without a job', async () => {
      const member = await createUser(t);
      const publicVip = async () => (await t.get<PublicUser>(`/api/user/${member.user.id}`)).body.data!.vip;
      expect(await publicVip()).toEqual({ active: false, expireTime: 0 });
      const t0 = clock;
      await activate(admin.token, (await submitted(member, '1y')).id);
      expect(await expiryOf(member.user.id)).toBe(t0 + 365 * DAY_MS);
      clock += 10 * DAY_MS;
      await activate(admin.token, (await submitted(member, '2y')).id);
      expect(await expiryOf(member.user.id)).toBe(t0 + (365 + 730) * DAY_MS);
      expect(await publicVip()).toEqual({ active: true, expireTime: t0 + 1095 * DAY_MS });
      // The end passes: not VIP any more, with nothing having run.
      clock = t0 + 1095 * DAY_MS;
      await signIn(member, admin);
      expect((await publicVip()).active).toBe(false);
      expect((await t.get<CurrentUser>('/api/user/current', { token: member.token })).body.data!.vip.active).toBe(false);
      const membership = await t.read(vipActions.membership, {}, { user: await db.selectFrom('users').selectAll().where('id', '=', member.user.id).executeTakeFirstOrThrow() });
      expect(membership.ok && membership.data.state).toEqual({ kind: 'expired', expireTime: t0 + 1095 * DAY_MS });
      // A year bought later counts from now.
      clock += 5 * DAY_MS;
      const renewed = (await activate(admin.token, (await submitted(member, '1y')).id)).body.data!;
      expect(renewed.vipUntil).toBe(clock + 365 * DAY_MS);
      // Forever: −1, and a year on top changes nothing.
      await activate(admin.token, (await submitted(member, 'forever')).id);
      expect(await expiryOf(member.user.id)).toBe(-1);
      await activate(admin.token, (await submitted(member, '1y')).id);
      expect(await expiryOf(member.user.id)).toBe(-1);
      clock += 100 * 365 * DAY_MS;
      await signIn(member, admin);
      expect(await publicVip()).toEqual({ active: true, expireTime: -1 });
      const page = await t.read(vipActions.membership, {}, { user: await db.selectFrom('users').selectAll().where('id', '=', member.user.id).executeTakeFirstOrThrow() });
      expect(page.ok && (page.data as VipMembershipView).state.kind).toBe('forever');
    });

    it('tells the member: a site message and a mail on activation and on rejection, and an audit row', async () => {
      const member = await createUser(t);
      const yes = await submitted(member, '1y');
      await activate(admin.token, yes.id);
      const until = await expiryOf(member.user.id);
      const [activated] = await messagesOf(member.user.id, 'vip_activated');
      expect(JSON.parse(activated!.params)).toMatchObject({ until, plan: '1y' });
      expect(activated!.url).toBe('/user/profile/member');
      const no = await submitted(member, '2y');
      await reject(admin.token, no.id, 'The amount did not arrive');
      const [rejected] = await messagesOf(member.user.id, 'vip_rejected');
      expect(rejected!.content).toBe('The amount did not arrive');
      // Titles in the reader's language.
      const inbox = await t.get<{ results: Array<{ type: string; title: string }> }>('/api/user/messages', { token: member.token, headers: { 'accept-language': 'zh-CN' } });
      expect(inbox.body.data!.results.find((m) => m.type === 'vip_rejected')!.title).toBe('你的 VIP 订单（2 年）被拒绝');
      // Each decision's mail is a job of its transaction.
      await t.jobs.drain();
      const mails = readEmlMails(t.dataDir).filter((mail) => mail.to.includes(member.email!));
      expect(mails.map((mail) => mail.subject).sort()).toEqual(['Your VIP membership on Sabai is active', 'Your VIP order on Sabai was rejected']);
      expect(mails.find((mail) => mail.subject.includes('rejected'))!.text).toContain('Reason: The amount did not arrive');
      const audit = await listAuditFor(db, 'user', member.user.id);
      expect(audit.map((entry) => entry.action)).toEqual(['vip.reject', 'vip.activate']);
      expect(audit[1]).toMatchObject({ actorId: admin.user.id, detail: { orderId: yes.id, plan: '1y', amount: yes.amount, txHash: yes.txHash, until, previousUntil: 0 } });
    });

    it('reminds a member once, 7 days before the end; an extended membership is reminded again before its new end', async () => {
      const soon = await createUser(t);
      const later = await createUser(t);
      const sent = await submitted(soon, '1y');
      await activate(admin.token, sent.id);
      await activate(admin.token, (await submitted(later, '2y')).id);
      const end = await expiryOf(soon.user.id);
      clock = end - 8 * DAY_MS;
      await remindExpiringVip(t.ctx, clock);
      expect(await messagesOf(soon.user.id, 'vip_expiring')).toHaveLength(0);
      clock = end - 6 * DAY_MS;
      await signIn(soon, admin);
      await remindExpiringVip(t.ctx, clock);
      await remindExpiringVip(t.ctx, clock + 3_600_000);
      const reminders = await messagesOf(soon.user.id, 'vip_expiring');
      expect(reminders).toHaveLength(1);
      expect(JSON.parse(reminders[0]!.params)).toEqual({ until: end });
      expect(await messagesOf(later.user.id, 'vip_expiring')).toHaveLength(0);
      const inbox = await t.get<{ results: Array<{ type: string; title: string }> }>('/api/user/messages', { token: soon.token });
      expect(inbox.body.data!.results.find((m) => m.type === 'vip_expiring')!.title).toMatch(/^Your VIP membership ends on .+ GMT\+7: renew it in time$/);
      // Renewed: a new end, a new reminder when it nears.
      await activate(admin.token, (await submitted(soon, '1y')).id);
      clock = end + 365 * DAY_MS - 2 * DAY_MS;
      await remindExpiringVip(t.ctx, clock);
      expect(await messagesOf(soon.user.id, 'vip_expiring')).toHaveLength(2);
    });

    it('lists the queue: submitted orders oldest first with the explorer link; other states on request; admins only', async () => {
      const first = await createUser(t);
      const second = await createUser(t);
      clock += 1000;
      const older = await submitted(second, '2y');
      clock += 1000;
      const newer = await submitted(first, '1y');
      const queue = await t.get<VipQueuePage>('/api/admin/vip/orders', { token: admin.token });
      expect(queue.status).toBe(200);
      const ids = queue.body.data!.results.map((row) => row.order.id);
      expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
      const row = queue.body.data!.results.find((r) => r.order.id === older.id)!;
      expect(row.user).toMatchObject({ id: second.user.id, nickname: second.user.nickname });
      expect(row.order.explorerUrl).toBe(`https://tronscan.org/#/transaction/${older.txHash}`);
      expect(queue.body.data!.total).toBe(queue.body.data!.results.length);
      const expired = await t.get<VipQueuePage>('/api/admin/vip/orders', { token: admin.token, query: { status: 'expired' } });
      expect(expired.body.data!.results.every((r) => r.order.status === 'expired')).toBe(true);
      expect((await t.get('/api/admin/vip/orders', { token: admin.token, query: { status: 'paid' } })).status).toBe(400);
      expect((await t.get('/api/admin/vip/orders', { token: moderator.token })).status).toBe(403);
      expect((await t.get('/api/admin/vip/orders', { token: first.token })).status).toBe(403);
      expect((await t.get('/api/admin/vip/orders')).status).toBe(401);
      const view = await t.read(vipActions.admin, { status: 'submitted', page: 1 }, { user: admin.user });
      expect(view.ok && view.data.openCount).toBe(queue.body.data!.total);
      // The back office's dashboard counts them too.
      const dashboard = await t.get<{ counts: { vipOrders: number } }>('/api/admin/dashboard', { token: admin.token });
      expect(dashboard.body.data!.counts.vipOrders).toBe(queue.body.data!.total);
      const refused = await t.read(vipActions.admin, { status: 'submitted', page: 1 }, { user: moderator.user });
      expect(refused.ok ? 200 : refused.status).toBe(403);
    });

    it('limits new orders per member', async () => {
      const member = await createUser(t);
      await writeTestSettings(t, { vip: { ...VIP_ON, orderLimit: { max: 2, windowMs: 60 * 60_000 } } }, clock);
      try {
        expect((await order(member.token, '1y')).status).toBe(200);
        expect((await order(member.token, '2y')).status).toBe(200);
        const third = await order(member.token, 'forever');
        expect([third.status, third.body.errorCode]).toEqual([429, 7]);
      } finally {
        await writeTestSettings(t, { vip: VIP_ON }, clock);
      }
    });

    it('saves the VIP settings (admins), naming each bad field', async () => {
      const read = await t.get<VipSettingsView>('/api/admin/vip/settings', { token: admin.token });
      expect(read.body.data).toEqual({ enabled: true, address: WALLET, prices: VIP_ON.prices, orderExpiryMinutes: 60, explorerUrl: VIP_ON.explorerUrl });
      const next = { ...read.body.data!, prices: { '1y': '35.5', '2y': '60', forever: '199.99' }, orderExpiryMinutes: 30 };
      const saved = await t.post<VipSettingsView>('/api/admin/vip/settings', next, { token: admin.token });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toEqual(next);
      expect((await t.get<VipPlansView>('/api/vip/plans')).body.data!.plans.map((p) => p.price)).toEqual(['35.50', '60.00', '199.99']);
      const bad = await t.post('/api/admin/vip/settings', { ...next, address: 'not-an-address', prices: { '1y': '-1', '2y': '1.234', forever: 'x' }, orderExpiryMinutes: 1, explorerUrl: 'javascript:alert(1)' }, { token: admin.token });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['address', 'explorerUrl', 'orderExpiryMinutes', 'prices.1y', 'prices.2y', 'prices.forever']);
      // Right shape, one character off: the base58check checksum refuses it (defect 9).
      const typo = await t.post('/api/admin/vip/settings', { ...next, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T' }, { token: admin.token });
      expect([typo.status, Object.keys(typo.body.fields ?? {})]).toEqual([400, ['address']]);
      expect((await t.post('/api/admin/vip/settings', { ...next, address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }, { token: admin.token })).status).toBe(200);
      const noWallet = await t.post('/api/admin/vip/settings', { ...next, address: '' }, { token: admin.token });
      expect([noWallet.status, noWallet.body.fields?.address]).toEqual([400, 'Enter the wallet address before switching VIP on']);
      expect((await t.post('/api/admin/vip/settings', next, { token: moderator.token })).status).toBe(403);
      await writeTestSettings(t, { vip: VIP_ON }, clock);
    });

    describe('authorization matrix', () => {
      const users = {} as Record<Exclude<Actor, 'anonymous'>, CreatedUser>;
      const ADMIN_ONLY: Expect = { anonymous: [401, 1], member: [403, 2], other: [403, 2], banned: [403, 2], unverified: [403, 2], moderator: [403, 2], admin: [200] };
      const FAMILIES = ['/api/vip/', '/api/admin/vip/'];
      const status = async (id: number) => JSON.stringify(await orderRow(id));
      let priceStep = 0;

      interface Row {
        name: string;
        route: string;
        expect: Expect;
        prepare(actor: Actor): Promise<{ path: string; body: Record<string, unknown>; probe: () => Promise<unknown> }>;
      }
      const rows: Row[] = [
        {
          name: 'POST vip/orders',
          route: 'POST /api/vip/orders',
          expect: { anonymous: [401, 1], member: [200], other: [200], banned: [403, 3], unverified: [200], moderator: [200], admin: [200] },
          async prepare() {
            return { path: '/api/vip/orders', body: { plan: 'forever' }, probe: async () => (await db.selectFrom('vip_orders').select('id').execute()).length };
          },
        },
        {
          name: 'POST vip/orders/{id}/submit (the member’s order: nobody else’s hash reaches it)',
          route: 'POST /api/vip/orders/:id/submit',
          expect: { anonymous: [401, 1], member: [200], other: [404, 6], banned: [404, 6], unverified: [404, 6], moderator: [404, 6], admin: [404, 6] },
          async prepare() {
            const id = (await order(users.member.token, '1y')).body.data!.id;
            return { path: `/api/vip/orders/${id}/submit`, body: { txHash: freshHash() }, probe: () => status(id) };
          },
        },
        {
          name: 'POST vip/orders/{id}/submit (banned: a member who paid still reports it)',
          route: 'POST /api/vip/orders/:id/submit',
          expect: { anonymous: [401, 1], member: [404, 6], other: [404, 6], banned: [200], unverified: [404, 6], moderator: [404, 6], admin: [404, 6] },
          async prepare() {
            const row = await db.insertInto('vip_orders').values({ user_id: users.banned.user.id, plan: '1y', amount: 1, amount_lock: null, address: WALLET, status: 'pending', expires_at: clock + 60_000, tx_hash: null, submit_time: 0, admin_id: null, reason: '', decide_time: 0, vip_until: 0, create_time: clock, update_time: clock }).execute();
            void row;
            const { id } = await db.selectFrom('vip_orders').select('id').where('user_id', '=', users.banned.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
            return { path: `/api/vip/orders/${id}/submit`, body: { txHash: freshHash() }, probe: () => status(id) };
          },
        },
        {
          name: 'POST admin/vip/orders/{id}/activate',
          route: 'POST /api/admin/vip/orders/:id/activate',
          expect: ADMIN_ONLY,
          async prepare() {
            const { id } = await submitted(users.member);
            return { path: `/api/admin/vip/orders/${id}/activate`, body: {}, probe: () => status(id) };
          },
        },
        {
          name: 'POST admin/vip/orders/{id}/reject',
          route: 'POST /api/admin/vip/orders/:id/reject',
          expect: ADMIN_ONLY,
          async prepare() {
            const { id } = await submitted(users.member);
            return { path: `/api/admin/vip/orders/${id}/reject`, body: { reason: 'Matrix' }, probe: () => status(id) };
          },
        },
        {
          name: 'POST admin/vip/settings',
          route: 'POST /api/admin/vip/settings',
          expect: ADMIN_ONLY,
          async prepare() {
            priceStep += 1;
            const body = { enabled: true, address: WALLET, prices: { '1y': String(30 + priceStep), '2y': '50', forever: '150' }, orderExpiryMinutes: 60, explorerUrl: VIP_ON.explorerUrl };
            return { path: '/api/admin/vip/settings', body, probe: async () => (await db.selectFrom('settings').select('value').where('key', '=', 'vip').executeTakeFirst())?.value ?? '' };
          },
        },
      ];

      beforeAll(async () => {
        users.member = await createUser(t);
        users.other = await createUser(t);
        users.banned = await createUser(t, { banned: true });
        users.unverified = await createUser(t, { verified: false });
        users.moderator = await createUser(t, { role: 'moderator' });
        users.admin = await createUser(t, { role: 'admin' });
      });

      it('has a row for every mutating VIP route', () => {
        // The route tree nests a route under its parent path (`/api/vip/orders` → `/:id/submit`):
        // each line's path is its parent's (the nearest line above, less indented) plus its own.
        const routes: string[] = [];
        const parents: Array<{ depth: number; path: string }> = [];
        for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
          const match = /(\/\S*) \(([^)]+)\)$/.exec(line);
          if (!match) continue;
          const depth = line.indexOf(match[1]!);
          while (parents.length > 0 && parents.at(-1)!.depth >= depth) parents.pop();
          const path = (parents.at(-1)?.path ?? '') + match[1]!;
          parents.push({ depth, path });
          for (const method of match[2]!.split(', ')) if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) routes.push(`${method} ${path}`);
        }
        const covered = new Set(rows.map((row) => row.route));
        const mine = routes.filter((route) => FAMILIES.some((family) => route.split(' ')[1]!.startsWith(family)));
        expect(mine.length).toBeGreaterThanOrEqual(5);
        expect(mine.filter((route) => !covered.has(route))).toEqual([]);
      });

      for (const row of rows) {
        it(row.name, async () => {
          try {
            for (const actor of ACTORS) {
              const { path, body, probe } = await row.prepare(actor);
              const before = JSON.stringify(await probe());
              const res = await t.post(path, body, { token: actor === 'anonymous' ? undefined : users[actor].token });
              const [code, errorCode] = row.expect[actor];
              expect(res.status, `${row.name} as ${actor}: ${JSON.stringify(res.body)}`).toBe(code);
              if (errorCode !== undefined) {
                expect(res.body.errorCode, `${row.name} as ${actor}`).toBe(errorCode);
                expect(JSON.stringify(await probe()), `${row.name} as ${actor} changed nothing`).toBe(before);
              } else {
                expect(JSON.stringify(await probe()), `${row.name} as ${actor} changed something`).not.toBe(before);
              }
            }
          } finally {
            await writeTestSettings(t, { vip: VIP_ON }, clock);
          }
        });
      }
    });
  });
}
