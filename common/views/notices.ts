/** A site notice as `notice/list` and the home page show it. */
export interface NoticeView {
  id: number;
  title: string;
  /** Sanitized HTML. */
  content: string;
  /** Epoch ms the window opens, or 0 (always open). */
  startTime: number;
  /** Epoch ms the window closes, or 0 (never). */
  endTime: number;
  createTime: number;
}

/** A notice as the back office edits it: the source as written beside the rendered HTML. */
export interface AdminNoticeView extends NoticeView {
  source: string;
  contentType: 'markdown' | 'html';
  /** Whether the notice shows now (inside its window). */
  live: boolean;
}
