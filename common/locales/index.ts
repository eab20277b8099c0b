/**
 * Translation resources. Each JSON file holds one top-level section of keys (its file name), so
 * features own their files and keys read as `section.path.to.key` (e.g. `errors.notSignedIn`).
 * Add a section: create `en-US/<name>.json` and `zh-CN/<name>.json`, then list both below.
 * `common/locales/locales.test.ts` fails when a key exists in one locale and not the other.
 */
import enCommon from './en-US/common.json' with { type: 'json' };
import enErrors from './en-US/errors.json' with { type: 'json' };
import enValidation from './en-US/validation.json' with { type: 'json' };
import enMail from './en-US/mail.json' with { type: 'json' };
import zhCommon from './zh-CN/common.json' with { type: 'json' };
import zhErrors from './zh-CN/errors.json' with { type: 'json' };
import zhValidation from './zh-CN/validation.json' with { type: 'json' };
import zhMail from './zh-CN/mail.json' with { type: 'json' };
import enAccount from './en-US/account.json' with { type: 'json' };
import zhAccount from './zh-CN/account.json' with { type: 'json' };
import enInstall from './en-US/install.json' with { type: 'json' };
import zhInstall from './zh-CN/install.json' with { type: 'json' };
import enSite from './en-US/site.json' with { type: 'json' };
import zhSite from './zh-CN/site.json' with { type: 'json' };
import enTime from './en-US/time.json' with { type: 'json' };
import zhTime from './zh-CN/time.json' with { type: 'json' };
import enEditor from './en-US/editor.json' with { type: 'json' };
import zhEditor from './zh-CN/editor.json' with { type: 'json' };
import enTopic from './en-US/topic.json' with { type: 'json' };
import zhTopic from './zh-CN/topic.json' with { type: 'json' };
import enTopicUi from './en-US/topicUi.json' with { type: 'json' };
import zhTopicUi from './zh-CN/topicUi.json' with { type: 'json' };
import enInstallUi from './en-US/installUi.json' with { type: 'json' };
import zhInstallUi from './zh-CN/installUi.json' with { type: 'json' };
import enComment from './en-US/comment.json' with { type: 'json' };
import zhComment from './zh-CN/comment.json' with { type: 'json' };
import enMessage from './en-US/message.json' with { type: 'json' };
import zhMessage from './zh-CN/message.json' with { type: 'json' };
import enUpload from './en-US/upload.json' with { type: 'json' };
import zhUpload from './zh-CN/upload.json' with { type: 'json' };
import enContent from './en-US/content.json' with { type: 'json' };
import zhContent from './zh-CN/content.json' with { type: 'json' };
import enRedirect from './en-US/redirect.json' with { type: 'json' };
import zhRedirect from './zh-CN/redirect.json' with { type: 'json' };
import enCommentUi from './en-US/commentUi.json' with { type: 'json' };
import zhCommentUi from './zh-CN/commentUi.json' with { type: 'json' };
import enUcenter from './en-US/ucenter.json' with { type: 'json' };
import zhUcenter from './zh-CN/ucenter.json' with { type: 'json' };
import enProfile from './en-US/profile.json' with { type: 'json' };
import zhProfile from './zh-CN/profile.json' with { type: 'json' };
import enPeople from './en-US/people.json' with { type: 'json' };
import zhPeople from './zh-CN/people.json' with { type: 'json' };
import enFollow from './en-US/follow.json' with { type: 'json' };
import zhFollow from './zh-CN/follow.json' with { type: 'json' };
import enAccountSettings from './en-US/accountSettings.json' with { type: 'json' };
import zhAccountSettings from './zh-CN/accountSettings.json' with { type: 'json' };
import enTopicForm from './en-US/topicForm.json' with { type: 'json' };
import zhTopicForm from './zh-CN/topicForm.json' with { type: 'json' };
import enModeration from './en-US/moderation.json' with { type: 'json' };
import zhModeration from './zh-CN/moderation.json' with { type: 'json' };
import enArticle from './en-US/article.json' with { type: 'json' };
import zhArticle from './zh-CN/article.json' with { type: 'json' };
import enArticleUi from './en-US/articleUi.json' with { type: 'json' };
import zhArticleUi from './zh-CN/articleUi.json' with { type: 'json' };
import enArticleEdit from './en-US/articleEdit.json' with { type: 'json' };
import zhArticleEdit from './zh-CN/articleEdit.json' with { type: 'json' };
import enScore from './en-US/score.json' with { type: 'json' };
import zhScore from './zh-CN/score.json' with { type: 'json' };
import enSearch from './en-US/search.json' with { type: 'json' };
import zhSearch from './zh-CN/search.json' with { type: 'json' };
import enBan from './en-US/ban.json' with { type: 'json' };
import zhBan from './zh-CN/ban.json' with { type: 'json' };
import enAdmin from './en-US/admin.json' with { type: 'json' };
import zhAdmin from './zh-CN/admin.json' with { type: 'json' };
import enAdminReview from './en-US/adminReview.json' with { type: 'json' };
import zhAdminReview from './zh-CN/adminReview.json' with { type: 'json' };
import enAdminContent from './en-US/adminContent.json' with { type: 'json' };
import zhAdminContent from './zh-CN/adminContent.json' with { type: 'json' };
import enAdminSettings from './en-US/adminSettings.json' with { type: 'json' };
import zhAdminSettings from './zh-CN/adminSettings.json' with { type: 'json' };
import enAdminDashboard from './en-US/adminDashboard.json' with { type: 'json' };
import zhAdminDashboard from './zh-CN/adminDashboard.json' with { type: 'json' };
import enAdminSite from './en-US/adminSite.json' with { type: 'json' };
import zhAdminSite from './zh-CN/adminSite.json' with { type: 'json' };
import enLinks from './en-US/links.json' with { type: 'json' };
import zhLinks from './zh-CN/links.json' with { type: 'json' };
import enNotices from './en-US/notices.json' with { type: 'json' };
import zhNotices from './zh-CN/notices.json' with { type: 'json' };
import enAdminWords from './en-US/adminWords.json' with { type: 'json' };
import zhAdminWords from './zh-CN/adminWords.json' with { type: 'json' };
import enAdminUsers from './en-US/adminUsers.json' with { type: 'json' };
import zhAdminUsers from './zh-CN/adminUsers.json' with { type: 'json' };
import enProfileTabs from './en-US/profileTabs.json' with { type: 'json' };
import zhProfileTabs from './zh-CN/profileTabs.json' with { type: 'json' };
import enVip from './en-US/vip.json' with { type: 'json' };
import zhVip from './zh-CN/vip.json' with { type: 'json' };
import enAdminVip from './en-US/adminVip.json' with { type: 'json' };
import zhAdminVip from './zh-CN/adminVip.json' with { type: 'json' };
import enMentions from './en-US/mentions.json' with { type: 'json' };
import zhMentions from './zh-CN/mentions.json' with { type: 'json' };
import enApiDocs from './en-US/apiDocs.json' with { type: 'json' };
import zhApiDocs from './zh-CN/apiDocs.json' with { type: 'json' };
import enAdminJobs from './en-US/adminJobs.json' with { type: 'json' };
import zhAdminJobs from './zh-CN/adminJobs.json' with { type: 'json' };
import enNotifications from './en-US/notifications.json' with { type: 'json' };
import zhNotifications from './zh-CN/notifications.json' with { type: 'json' };
import enUnsubscribe from './en-US/unsubscribe.json' with { type: 'json' };
import zhUnsubscribe from './zh-CN/unsubscribe.json' with { type: 'json' };
import enDigest from './en-US/digest.json' with { type: 'json' };
import zhDigest from './zh-CN/digest.json' with { type: 'json' };
import enPwa from './en-US/pwa.json' with { type: 'json' };
import zhPwa from './zh-CN/pwa.json' with { type: 'json' };
import enPush from './en-US/push.json' with { type: 'json' };
import zhPush from './zh-CN/push.json' with { type: 'json' };
import type { Locale } from '../constants';

export type Messages = { [key: string]: string | Messages };

export const resources: Record<Locale, Messages> = {
  'en-US': { common: enCommon, errors: enErrors, validation: enValidation, mail: enMail, account: enAccount, install: enInstall, site: enSite, time: enTime, editor: enEditor, topic: enTopic, topicUi: enTopicUi, installUi: enInstallUi, comment: enComment, message: enMessage, upload: enUpload, content: enContent, redirect: enRedirect, commentUi: enCommentUi, ucenter: enUcenter, profile: enProfile, people: enPeople, accountSettings: enAccountSettings, topicForm: enTopicForm, moderation: enModeration, article: enArticle, articleUi: enArticleUi, articleEdit: enArticleEdit, score: enScore, search: enSearch, follow: enFollow, ban: enBan, admin: enAdmin, adminReview: enAdminReview, adminContent: enAdminContent, adminSettings: enAdminSettings, adminDashboard: enAdminDashboard, adminSite: enAdminSite, links: enLinks, notices: enNotices, adminWords: enAdminWords, adminUsers: enAdminUsers, profileTabs: enProfileTabs, vip: enVip, adminVip: enAdminVip, adminJobs: enAdminJobs, apiDocs: enApiDocs, notifications: enNotifications, unsubscribe: enUnsubscribe, digest: enDigest, pwa: enPwa, push: enPush, mentions: enMentions },
  'zh-CN': { common: zhCommon, errors: zhErrors, validation: zhValidation, mail: zhMail, account: zhAccount, install: zhInstall, site: zhSite, time: zhTime, editor: zhEditor, topic: zhTopic, topicUi: zhTopicUi, installUi: zhInstallUi, comment: zhComment, message: zhMessage, upload: zhUpload, content: zhContent, redirect: zhRedirect, commentUi: zhCommentUi, ucenter: zhUcenter, profile: zhProfile, people: zhPeople, accountSettings: zhAccountSettings, topicForm: zhTopicForm, moderation: zhModeration, article: zhArticle, articleUi: zhArticleUi, articleEdit: zhArticleEdit, score: zhScore, search: zhSearch, follow: zhFollow, ban: zhBan, admin: zhAdmin, adminReview: zhAdminReview, adminContent: zhAdminContent, adminSettings: zhAdminSettings, adminDashboard: zhAdminDashboard, adminSite: zhAdminSite, links: zhLinks, notices: zhNotices, adminWords: zhAdminWords, adminUsers: zhAdminUsers, profileTabs: zhProfileTabs, vip: zhVip, adminVip: zhAdminVip, adminJobs: zhAdminJobs, apiDocs: zhApiDocs, notifications: zhNotifications, unsubscribe: zhUnsubscribe, digest: zhDigest, pwa: zhPwa, push: zhPush, mentions: zhMentions },
};
