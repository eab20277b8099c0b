/**
 * The route table (spec §2). Layout routes group pages by frame:
 *   default    header + footer          (most pages)
 *   empty      nothing                  (installer)
 *   no-footer  header only              (editors: topic/article create and edit)
 *   profile    header + settings tabs   (edit profile, membership, account)
 *   ucenter    header + user-center nav (scores, messages, favorites)
 * Feature owners: add ONE line per page inside the right layout (keep the comments as anchors).
 * Route modules type their args with `LoaderFunctionArgs`/`ActionFunctionArgs` from
 * 'react-router' (context is our LoadContext, see app/lib/load-context.ts).
 */
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  layout('components/layout/default-layout.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('agreement', 'routes/agreement.tsx'),
    route('links', 'routes/links.tsx'),
    route('developers/api', 'routes/developers.api.tsx'),
    route('redirect', 'routes/redirect.tsx'),
    // account pages (sign-in, sign-up, verify, forgot/reset) go here
    route('user/signin', 'routes/user.signin.tsx'),
    route('user/signin/second-factor', 'routes/user.signin.second-factor.tsx'),
    route('user/signup', 'routes/user.signup.tsx'),
    route('user/email/verify', 'routes/user.email.verify.tsx'),
    route('user/password/forgot', 'routes/user.password.forgot.tsx'),
    route('user/password/reset', 'routes/user.password.reset.tsx'),
    // a notification mail's or the digest's unsubscribe link (issue 27)
    route('unsubscribe', 'routes/unsubscribe.tsx'),
    // topics (issue 4)
    route('topics', 'routes/topics.tsx'),
    route('topics/node/:id', 'routes/topics.node.tsx'),
    route('topics/tag/:id', 'routes/topics.tag.tsx'),
    route('topic/:id', 'routes/topic.tsx'),
    // articles (issue 12)
    route('articles', 'routes/articles.tsx'),
    route('articles/tag/:id', 'routes/articles.tag.tsx'),
    route('article/:id', 'routes/article.tsx'),
    // search (issue 15)
    route('search', 'routes/search.tsx'),
    // public profiles (static /user/* paths above and in other layouts rank before this one)
    route('user/:id', 'routes/user.$id.tsx'),
    route('user/:id/tweets', 'routes/user.$id.tweets.tsx'),
    route('user/:id/articles', 'routes/user.$id.articles.tsx'),
    route('user/:id/comments', 'routes/user.$id.comments.tsx'),
    route('user/:id/fans', 'routes/user.$id.fans.tsx'),
    route('user/:id/followed', 'routes/user.$id.followed.tsx'),
    // private conversations (issue 28)
    route('conversations', 'routes/conversations.tsx'),
    route('conversations/new', 'routes/conversations.new.tsx'),
    route('conversations/:id', 'routes/conversation.tsx'),
    // 404 for every unknown path, inside the site frame
    route('*', 'routes/not-found.tsx'),
  ]),
  layout('components/layout/empty-layout.tsx', [
    // installer: route('install', 'routes/install.tsx'),
    route('install', 'routes/install.tsx'),
    // the installable app's offline page (issue 27): what the service worker shows without a network
    route('offline', 'routes/offline.tsx'),
  ]),
  layout('components/layout/no-footer-layout.tsx', [
    // editors: topic/article create and edit
    route('dev/editor', 'routes/dev.editor.tsx'), // test-only: 404 unless SABAI_E2E=1
    route('topic/create', 'routes/topic.create.tsx'),
    route('topic/edit/:id', 'routes/topic.edit.tsx'),
    route('article/create', 'routes/article.create.tsx'),
    route('article/edit/:id', 'routes/article.edit.tsx'),
  ]),
  layout('components/layout/profile-layout.tsx', [
    // route('user/profile', …), route('user/profile/member', …), route('user/profile/account', …)
    route('user/profile', 'routes/user.profile.tsx'),
    route('user/profile/member', 'routes/user.profile.member.tsx'),
    route('user/profile/account', 'routes/user.profile.account.tsx'),
    route('user/profile/notifications', 'routes/user.profile.notifications.tsx'),
    route('user/profile/blocks', 'routes/user.profile.blocks.tsx'),
    route('user/profile/connections', 'routes/user.profile.connections.tsx'),
    route('user/profile/security', 'routes/user.profile.security.tsx'),
    route('user/profile/data', 'routes/user.profile.data.tsx'),
    route('user/profile/sessions', 'routes/user.profile.sessions.tsx'),
  ]),
  // the back office (issue 16): its own layout route, moderators and admins only
  route('admin', 'routes/admin.tsx', [
    index('routes/admin._index.tsx'),
    route('review', 'routes/admin.review.tsx'),
    route('review/reports', 'routes/admin.review.reports.tsx'),
    route('content', 'routes/admin.content.tsx'),
    route('bans', 'routes/admin.bans.tsx'),
    route('audit', 'routes/admin.audit.tsx'),
    route('settings', 'routes/admin.settings.tsx'),
    route('nodes', 'routes/admin.nodes.tsx'),
    route('tags', 'routes/admin.tags.tsx'),
    route('links', 'routes/admin.links.tsx'),
    route('notices', 'routes/admin.notices.tsx'),
    route('users', 'routes/admin.users.tsx'),
    route('words', 'routes/admin.words.tsx'),
    route('vip', 'routes/admin.vip.tsx'),
    route('jobs', 'routes/admin.jobs.tsx'),
    route('backups', 'routes/admin.backups.tsx'),
    route('ip-bans', 'routes/admin.ip-bans.tsx'),
  ]),
  layout('components/layout/ucenter-layout.tsx', [
    // route('user/scores', …), route('user/messages', …), route('user/favorites', …)
    route('user/scores', 'routes/user.scores.tsx'),
    route('user/messages', 'routes/user.messages.tsx'),
    route('user/favorites', 'routes/user.favorites.tsx'),
  ]),
] satisfies RouteConfig;
