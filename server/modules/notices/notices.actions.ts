/**
 * The notices feature's actions (ADR 0021): `notice/list` (anyone; the feed reads' budget per
 * address) and the back office's table and writes (admins: `site:manage`, before the body's
 * field errors).
 */
import { z } from 'zod';
import { noticeActions } from '../../../common/actions/notices';
import { offsetPageOf } from '../../../common/views/moderation';
import { adminNoticeViewSchema, noticeViewSchema } from '../../../common/views/notices';
import { nothingSchema } from '../../../common/views/page';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { feedReadLimit } from '../settings/settings.api';
import { adminNotices, createNoticeAsAdmin, deleteNoticeAsAdmin, noticeList, updateNoticeAsAdmin } from './notices.usecases';

const ADMIN_WRITE = 'an admin’s change of the site notices, audited; nothing piles up';

export const noticesActionList = [
  readAction(noticeActions.current, { who: who.anyone(), limit: feedReadLimit, answer: z.array(noticeViewSchema), run: noticeList }),
  readAction(noticeActions.table, { who: who.staff('site:manage'), answer: offsetPageOf(adminNoticeViewSchema), run: adminNotices }),
  writeAction(noticeActions.create, { who: who.staff('site:manage'), limit: limit.none(ADMIN_WRITE), answer: adminNoticeViewSchema, run: createNoticeAsAdmin }),
  writeAction(noticeActions.update, { who: who.staff('site:manage'), limit: limit.none(ADMIN_WRITE), answer: adminNoticeViewSchema, run: updateNoticeAsAdmin }),
  writeAction(noticeActions.delete, { who: who.staff('site:manage'), limit: limit.none(ADMIN_WRITE), answer: nothingSchema, run: deleteNoticeAsAdmin }),
];
