/**
 * The th-TH core chunk: every message section (common/locales/th-TH/<section>.json → key <section>)
 * except the member, installer and server-only sections (./sections.ts says why each group
 * stays out). Loaded only by visitors reading th-TH. New section files are picked up automatically.
 */
import type { Messages } from '../../../common/locales';
import { sectionsFromGlob } from './sections';

export default sectionsFromGlob(
  import.meta.glob<Messages>(
    [
      '../../../common/locales/th-TH/*.json',
      '!**/{mail,message,digest}.json',
      '!**/{install,installUi}.json',
      '!**/apiDocs.json',
      '!**/{admin,adminReview,adminContent,adminSettings,adminDashboard,adminSite,adminUsers,adminWords,adminVip,adminJobs,adminReports,adminDefences}.json',
      '!**/{accountSettings,articleEdit,ban,editor,moderation,profile,topicForm,ucenter,vip,push,notifications,conversation,reports}.json',
    ],
    { eager: true, import: 'default' },
  ),
);
