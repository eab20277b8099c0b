/** Site notices (API.md `notice/list`; docs/api-additions.md "Back office: … site notices"): the live ones and the admins' table and writes. */
import { z } from '../zod';
import { idSchema, noticeSchema, noticeUpdateSchema, sitePageQuery } from '../validation/site-admin';
import type { OffsetPage } from '../views/moderation';
import type { AdminNoticeView, NoticeView } from '../views/notices';
import { contract, returns } from './contract';

export const noticeActions = {
  current: contract({
    name: 'notices.current',
    method: 'GET',
    path: '/api/notice/list',
    input: z.object({}),
    output: returns<NoticeView[]>(),
    summary: 'The notices whose window holds now, newest first, at most 5.',
  }),
  table: contract({
    name: 'notices.table',
    method: 'GET',
    path: '/api/admin/notices',
    input: sitePageQuery,
    output: returns<OffsetPage<AdminNoticeView>>(),
    summary: 'Every notice (scheduled and ended too), newest first, a numbered page with the total.',
  }),
  create: contract({
    name: 'notices.create',
    method: 'POST',
    path: '/api/admin/notice/create',
    input: noticeSchema,
    output: returns<AdminNoticeView>(),
    summary: 'Adds a notice; its content rendered and sanitized as posts are.',
  }),
  update: contract({
    name: 'notices.update',
    method: 'POST',
    path: '/api/admin/notice/update',
    input: noticeUpdateSchema,
    output: returns<AdminNoticeView>(),
    summary: 'Changes a notice.',
  }),
  delete: contract({
    name: 'notices.delete',
    method: 'POST',
    path: '/api/admin/notice/delete',
    input: idSchema,
    output: returns<null>(),
    summary: 'Removes a notice.',
  }),
};
