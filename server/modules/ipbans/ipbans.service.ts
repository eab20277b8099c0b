/**
 * IP and network bans (issue 28): an admin adds one (an address or a CIDR range, a reason, an
 * end or none) or removes one; the facts audit it and drop every process's list (ipbans.list.ts).
 */
import type { Kysely } from 'kysely';
import type { IpBanView } from '../../../common/views/defences';
import type { Page } from '../../../common/views/page';
import type { DB } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import { mapPage, pageById } from '../../kernel/paging';
import { addressToBig, parseCidr } from './ip-ranges';
import { deleteBan, findBanByCidr, findBanLocked, findBansPage, insertBan, updateBan, type BanListRow } from './ipbans.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
export const IP_BANS_PAGE_SIZE = 50;

function presentBan(row: BanListRow, now: number): IpBanView {
  return {
    id: row.id,
    cidr: row.cidr,
    reason: row.reason,
    expireTime: row.expire_time,
    expired: row.expire_time !== 0 && row.expire_time <= now,
    createdBy: row.created_by !== null && row.nickname !== null ? { id: row.created_by, nickname: row.nickname, avatar: row.avatar ?? '' } : null,
    createTime: row.create_time,
  };
}

/** GET admin/ip_bans: newest first, in one query a page. */
export async function bansPage(db: Kysely<DB>, cursor: string | undefined, now: number): Promise<Page<IpBanView>> {
  const page = await pageById(cursor, IP_BANS_PAGE_SIZE, (afterId, count) => findBansPage(db, afterId, count));
  return mapPage(page, (rows) => rows.map((row) => presentBan(row, now)));
}

/**
 * Adds a ban (the same range again renews it: its reason and end are replaced). A range that
 * covers the admin's own address is refused: it would shut them out of the back office's writes.
 */
export async function addBan(scope: WriteScope, input: { cidr: string; reason: string; days: number }, actor: Actor & { nickname: string; avatar: string }): Promise<IpBanView> {
  const parsed = parseCidr(input.cidr);
  if (!parsed) throw errors.validation({ cidr: 'adminDefences.validation.cidr' });
  const own = addressToBig(actor.ip);
  if (own !== null && own >= parsed.range.start && own <= parsed.range.end) throw errors.validation({ cidr: 'adminDefences.validation.ownAddress' });
  const { db, now } = scope;
  const expireTime = input.days === 0 ? 0 : now + input.days * DAY_MS;
  const existing = await findBanByCidr(db, parsed.canonical);
  const values = { reason: input.reason, expire_time: expireTime, created_by: actor.id, now };
  let id: number;
  if (existing) {
    id = existing.id;
    await updateBan(db, id, values);
  } else {
    id = await insertBan(db, { cidr: parsed.canonical, ...values });
  }
  await scope.emit('ipBan.changed', { change: 'add', ban: { id, cidr: parsed.canonical, reason: input.reason, expireTime }, actor });
  const createTime = existing?.create_time ?? now;
  return presentBan({ id, cidr: parsed.canonical, reason: input.reason, expire_time: expireTime, create_time: createTime, created_by: actor.id, nickname: actor.nickname, avatar: actor.avatar }, now);
}

/** Lifts a ban (404 when there is none by that id). */
export async function removeBan(scope: WriteScope, id: number, actor: Actor): Promise<void> {
  const row = await findBanLocked(scope.db, id);
  if (!row) throw errors.notFound('adminDefences.banNotFound');
  await deleteBan(scope.db, id);
  await scope.emit('ipBan.changed', { change: 'remove', ban: { id, cidr: row.cidr, reason: row.reason, expireTime: row.expire_time }, actor });
}
