/**
 * The site-notice use cases, one function per action (notices.actions.ts declares who may call
 * each): `notice/list` and the home page (anyone), the back office's table and writes (admins).
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { noticeActions } from '../../../common/actions/notices';
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import { SITE_LIMITS } from '../../../common/validation/site-admin';
import type { OffsetPage } from '../../../common/views/moderation';
import type { AdminNoticeView, NoticeView } from '../../../common/views/notices';
import type { NoticeRow } from '../../db/schema';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { actorOf } from '../../kernel/caller';
import { createNotice, editNotice, isLive, liveNotices, noticesTable, removeNotice } from './notices.service';

type Input<K extends keyof typeof noticeActions> = ParsedInputOf<(typeof noticeActions)[K]>;

function presentNotice(row: NoticeRow): NoticeView {
  return { id: row.id, title: row.title, content: row.content_html, startTime: row.start_time, endTime: row.end_time, createTime: row.create_time };
}

function presentAdminNotice(row: NoticeRow, now: number): AdminNoticeView {
  return { ...presentNotice(row), source: row.content, contentType: row.content_type === 'html' ? 'html' : 'markdown', live: isLive(row, now) };
}

/** GET notice/list: the notices whose window holds now, newest first. */
export async function noticeList({ db, caller }: ReadCall<Input<'current'>, undefined>): Promise<NoticeView[]> {
  return (await liveNotices(db, caller.now, SITE_LIMITS.noticesShown)).map(presentNotice);
}

/** GET admin/notices: every notice, newest first, a numbered page. */
export async function adminNotices({ db, caller, input }: ReadCall<Input<'table'>, undefined>): Promise<OffsetPage<AdminNoticeView>> {
  const { page } = input;
  const { rows, total } = await noticesTable(db, (page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE);
  return { results: rows.map((row) => presentAdminNotice(row, caller.now)), total, page, pageSize: ADMIN_PAGE_SIZE };
}

/** POST admin/notice/create. */
export async function createNoticeAsAdmin({ scope, caller, input }: WriteCall<Input<'create'>, undefined>): Promise<AdminNoticeView> {
  return presentAdminNotice(await createNotice(scope, actorOf(caller), input), caller.now);
}

/** POST admin/notice/update. */
export async function updateNoticeAsAdmin({ scope, caller, input }: WriteCall<Input<'update'>, undefined>): Promise<AdminNoticeView> {
  return presentAdminNotice(await editNotice(scope, actorOf(caller), input.id, input), caller.now);
}

/** POST admin/notice/delete. */
export async function deleteNoticeAsAdmin({ scope, caller, input }: WriteCall<Input<'delete'>, undefined>): Promise<null> {
  await removeNotice(scope, actorOf(caller), input.id);
  return null;
}
