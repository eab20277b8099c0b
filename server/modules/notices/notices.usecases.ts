/** The site-notice use cases: `notice/list` and the home page (anyone), the back office's table and writes (admins). */
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import { SITE_LIMITS, type NoticeInput, type NoticeUpdateInput } from '../../../common/validation/site-admin';
import type { OffsetPage } from '../../../common/views/moderation';
import type { AdminNoticeView, NoticeView } from '../../../common/views/notices';
import { requireDb, type AppContext } from '../../context';
import type { NoticeRow } from '../../db/schema';
import type { Caller, ViewerContext } from '../../kernel/caller';
import type { Actor } from '../../kernel/events';
import { runWrite } from '../../kernel/write';
import { authorize } from '../../policy/permissions';
import { createNotice, editNotice, isLive, liveNotices, noticesTable, removeNotice } from './notices.service';

function presentNotice(row: NoticeRow): NoticeView {
  return { id: row.id, title: row.title, content: row.content_html, startTime: row.start_time, endTime: row.end_time, createTime: row.create_time };
}

function presentAdminNotice(row: NoticeRow, now: number): AdminNoticeView {
  return { ...presentNotice(row), source: row.content, contentType: row.content_type === 'html' ? 'html' : 'markdown', live: isLive(row, now) };
}

/** GET notice/list: the notices whose window holds now, newest first. */
export async function noticeList(ctx: AppContext): Promise<NoticeView[]> {
  return (await liveNotices(requireDb(ctx), ctx.clock.now(), SITE_LIMITS.noticesShown)).map(presentNotice);
}

function actorOf(caller: Caller): Actor {
  authorize(caller.viewer, 'site:manage');
  return { id: caller.viewer.id, moderator: true, ip: caller.origin.ip };
}

/** GET admin/notices: every notice, newest first, a numbered page. */
export async function adminNotices(ctx: AppContext, viewer: ViewerContext, page: number): Promise<OffsetPage<AdminNoticeView>> {
  authorize(viewer.viewer, 'site:manage');
  const { rows, total } = await noticesTable(requireDb(ctx), (page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE);
  return { results: rows.map((row) => presentAdminNotice(row, viewer.now)), total, page, pageSize: ADMIN_PAGE_SIZE };
}

export async function createNoticeAsAdmin(ctx: AppContext, caller: Caller, input: NoticeInput): Promise<AdminNoticeView> {
  const actor = actorOf(caller);
  const row = await runWrite(ctx, (scope) => createNotice(scope, actor, input));
  return presentAdminNotice(row, caller.now);
}

export async function updateNoticeAsAdmin(ctx: AppContext, caller: Caller, input: NoticeUpdateInput): Promise<AdminNoticeView> {
  const actor = actorOf(caller);
  const row = await runWrite(ctx, (scope) => editNotice(scope, actor, input.id, input));
  return presentAdminNotice(row, caller.now);
}

export async function deleteNoticeAsAdmin(ctx: AppContext, caller: Caller, id: number): Promise<void> {
  const actor = actorOf(caller);
  await runWrite(ctx, (scope) => removeNotice(scope, actor, id));
}
