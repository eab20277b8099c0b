/**
 * Site notices (issue 17): a title, content written in Markdown or HTML and sanitized when
 * written (the rich-text policy every post follows), and an optional window (start, end; 0 =
 * open-ended). The home page shows the ones whose window holds now. Writes record
 * `site.catalogChanged` (its handlers: the audit row, the home page dropped).
 */
import type { Kysely } from 'kysely';
import type { NoticeInput } from '../../../common/validation/site-admin';
import type { DB, NoticeRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import { renderHtml } from '../content/content.api';
import { countNotices, deleteNotice, findLiveNotices, findNoticeById, findNoticesPage, insertNotice, updateNotice, type NoticeValues } from './notices.repository';

/** Whether a notice shows at `now`. */
export function isLive(row: Pick<NoticeRow, 'start_time' | 'end_time'>, now: number): boolean {
  return row.start_time <= now && (row.end_time === 0 || row.end_time > now);
}

export function liveNotices(db: Kysely<DB>, now: number, limit: number): Promise<NoticeRow[]> {
  return findLiveNotices(db, now, limit);
}

export async function noticesTable(db: Kysely<DB>, offset: number, limit: number): Promise<{ rows: NoticeRow[]; total: number }> {
  const [rows, total] = await Promise.all([findNoticesPage(db, offset, limit), countNotices(db)]);
  return { rows, total };
}

function valuesOf(input: NoticeInput): NoticeValues {
  const html = renderHtml(input.content, input.contentType);
  // Sanitizing may leave nothing (a notice of only a script tag): that is no content.
  if (html.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(html)) throw errors.validation({ content: 'adminSite.validation.contentRequired' });
  return { title: input.title, content: input.content, content_type: input.contentType, content_html: html, start_time: input.startTime, end_time: input.endTime };
}

async function noticeOrRefuse(db: Kysely<DB>, id: number): Promise<NoticeRow> {
  const notice = await findNoticeById(db, id);
  if (!notice) throw errors.notFound('adminSite.errors.noticeNotFound');
  return notice;
}

export async function createNotice(scope: WriteScope, actor: Actor, input: NoticeInput): Promise<NoticeRow> {
  const values = valuesOf(input);
  const id = await insertNotice(scope.db, values, scope.now);
  await scope.emit('site.catalogChanged', { what: 'notice', id, action: 'create', detail: { title: values.title }, actor });
  return { id, ...values, create_time: scope.now, update_time: scope.now };
}

export async function editNotice(scope: WriteScope, actor: Actor, id: number, input: NoticeInput): Promise<NoticeRow> {
  const notice = await noticeOrRefuse(scope.db, id);
  const values = valuesOf(input);
  await updateNotice(scope.db, id, values, scope.now);
  await scope.emit('site.catalogChanged', { what: 'notice', id, action: 'update', detail: { title: values.title }, actor });
  return { ...notice, ...values, update_time: scope.now };
}

export async function removeNotice(scope: WriteScope, actor: Actor, id: number): Promise<void> {
  const notice = await noticeOrRefuse(scope.db, id);
  await deleteNotice(scope.db, id);
  await scope.emit('site.catalogChanged', { what: 'notice', id, action: 'delete', detail: { title: notice.title }, actor });
}
