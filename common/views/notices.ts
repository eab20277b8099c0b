/** A site notice as `notice/list` and the home page show it. */
import { z } from '../zod';

export const noticeViewSchema = z.strictObject({
  id: z.number(),
  title: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
  /** Epoch ms the window opens, or 0 (always open). */
  startTime: z.number(),
  /** Epoch ms the window closes, or 0 (never). */
  endTime: z.number(),
  createTime: z.number(),
}).meta({ id: 'NoticeView' });
export type NoticeView = z.infer<typeof noticeViewSchema>;

/** A notice as the back office edits it: the source as written beside the rendered HTML. */
export const adminNoticeViewSchema = noticeViewSchema.extend({
  source: z.string(),
  contentType: z.enum(['markdown', 'html']),
  /** Whether the notice shows now (inside its window). */
  live: z.boolean(),
}).meta({ id: 'AdminNoticeView' });
export type AdminNoticeView = z.infer<typeof adminNoticeViewSchema>;
