import type { Messages } from '../../../common/locales';

/**
 * How the message sections reach the browser. Every section of common/locales is in exactly one
 * group (app/lib/locales/partition.test.ts checks it):
 * - the locale's core chunk (./en-US.ts, ./zh-CN.ts, ./th-TH.ts): every section not listed below; every
 *   visitor downloads it before hydration;
 * - MEMBER_SECTIONS (./en-US.member.ts, ./zh-CN.member.ts, ./th-TH.member.ts): what only a signed-in member sees
 *   (settings, editors, user centre, moderation); loaded before hydration for members and on
 *   sign-in, so an anonymous first load does not carry it;
 * - INSTALLER_SECTIONS: sent with the installer route's data (app/routes/install.tsx);
 * - ADMIN_SECTIONS: sent with the back office layout's data (app/routes/admin.tsx), to
 *   moderators and admins only;
 * - DEVELOPER_SECTIONS: sent with the API reference page's data (app/routes/developers.api.tsx),
 *   which few visitors open;
 * - SERVER_ONLY_SECTIONS: e-mails and site-message titles, written by the server only.
 * The chunks' glob patterns must be literals (Vite reads them at build time): keep them in step
 * with these lists.
 */
export const MEMBER_SECTIONS = ['accountSettings', 'articleEdit', 'ban', 'editor', 'moderation', 'profile', 'topicForm', 'ucenter', 'vip', 'push', 'notifications', 'conversation', 'reports'] as const;
export const INSTALLER_SECTIONS = ['install', 'installUi'] as const;
export const ADMIN_SECTIONS = ['admin', 'adminReview', 'adminContent', 'adminSettings', 'adminDashboard', 'adminSite', 'adminUsers', 'adminWords', 'adminVip', 'adminJobs', 'adminReports', 'adminDefences'] as const;
export const DEVELOPER_SECTIONS = ['apiDocs'] as const;
export const SERVER_ONLY_SECTIONS = ['mail', 'message', 'digest'] as const;

/** `{'…/en-US/site.json': {...}}` → `{site: {...}}` (the section is the file name). */
export function sectionsFromGlob(files: Record<string, Messages>): Messages {
  const out: Messages = {};
  for (const [file, messages] of Object.entries(files)) {
    const section = file.slice(file.lastIndexOf('/') + 1).replace(/\.json$/, '');
    out[section] = messages;
  }
  return out;
}
