/** Site paths built in more than one place (header, guards, API error handling). */

/** `/user/signin?redirect=<encoded path>`: sign-in that returns to `returnTo` afterwards. */
export function signInPath(returnTo?: string): string {
  if (!returnTo || returnTo === '/' || returnTo.startsWith('/user/signin')) return '/user/signin';
  return `/user/signin?redirect=${encodeURIComponent(returnTo)}`;
}

export const paths = {
  home: '/',
  about: '/about',
  agreement: '/agreement',
  links: '/links',
  developersApi: '/developers/api',
  search: (q: string) => `/search?q=${encodeURIComponent(q)}`,
  signUp: '/user/signup',
  user: (id: number) => `/user/${id}`,
  favorites: '/user/favorites',
  scores: '/user/scores',
  messages: '/user/messages',
  conversations: '/conversations',
  conversation: (id: number) => `/conversations/${id}`,
  newConversation: (userIds: readonly number[] = []) => (userIds.length ? `/conversations/new?to=${userIds.join(',')}` : '/conversations/new'),
  editProfile: '/user/profile',
  membership: '/user/profile/member',
  account: '/user/profile/account',
  notificationSettings: '/user/profile/notifications',
  blockedMembers: '/user/profile/blocks',
  connections: '/user/profile/connections',
  security: '/user/profile/security',
  accountData: '/user/profile/data',
  sessions: '/user/profile/sessions',
  createTweet: '/topic/create?type=1',
  createTopic: '/topic/create',
  createArticle: '/article/create',
  admin: '/admin',
  adminReview: '/admin/review',
  adminReports: '/admin/review/reports',
  adminContent: '/admin/content',
  adminBans: '/admin/bans',
  adminAudit: '/admin/audit',
  adminSettings: '/admin/settings',
  adminNodes: '/admin/nodes',
  adminTags: '/admin/tags',
  adminLinks: '/admin/links',
  adminNotices: '/admin/notices',
  adminUsers: '/admin/users',
  adminWords: '/admin/words',
  adminVip: '/admin/vip',
  adminJobs: '/admin/jobs',
  adminBackups: '/admin/backups',
  adminIpBans: '/admin/ip-bans',
} as const;
