/**
 * Business constants and limits (spec §9), shared by the server and the browser.
 * Every limit lives here once; validators, forms and services import it.
 */
export const LIMITS = {
  passwordMin: 6,
  passwordMax: 128,
  usernameMin: 5,
  usernameMax: 12,
  nicknameMax: 32,
  emailMax: 128,
  signatureMax: 200,
  homePageMax: 512,
  searchInputMax: 30,
  searchHistoryMax: 10,
  uploadMaxBytes: 5 * 1024 * 1024,
  siteTitleMax: 64,
  siteDescriptionMax: 512,
} as const;

/** Username: 5–12 letters, digits, _ or -, starting with a letter (spec §5). */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{4,11}$/;

export const LOCALES = ['en-US', 'zh-CN', 'th-TH'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

export const TOKEN_COOKIE = 'sabai_token';
export const TOKEN_HEADER = 'x-user-token';
export const DEFAULT_TOKEN_EXPIRE_DAYS = 30;

export const EMAIL_VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** Ban length in days; -1 means forever (spec §6, §9). */
export const BAN_DAYS = [7, -1] as const;
export const FOREVER = -1;

export const AVATAR_SIZES = [20, 24, 30, 35, 40, 45, 50, 60, 70, 80, 100, 150] as const;

/**
 * Spec §9 timings. The spec's dropdown delay (150 ms) and tooltip hide delay (200 ms) are hover
 * timings; they have no counterpart here: menus open on click or keyboard (Radix DropdownMenu),
 * and Radix Tooltip (the editor toolbar) closes on leave with no hide delay to set.
 */
export const UI_TIMING = {
  toastMs: 3000,
  toastSuccessMs: 800,
  messageBadgeMax: 9,
  loadingBar: { height: 3, throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400 },
  staleReloadWindowMs: 10_000,
} as const;

export const ROLES = ['member', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Topics, tweets, nodes and tags (issue 4). */
export const TOPIC_LIMITS = {
  /** A tweet's display title (messages, favorites): its opening words, cut to this many graphemes. */
  displayTitleMax: 80,
  titleMax: 128,
  /** Source length of content and of hidden content, in characters. */
  contentMax: 100_000,
  tagsMax: 5,
  tagNameMax: 32,
  imagesMax: 9,
  imageUrlMax: 512,
  /** Feed page size. */
  pageSize: 20,
  /** Published topics pinned at once, at most (the latest feed shows them all above its first page). */
  stickyMax: 10,
  autocompleteMax: 10,
  /** One counted view per visitor per window. */
  viewWindowMs: 10 * 60_000,
} as const;

/** Articles (issue 12): long-form posts with a title, a cover and tags. */
export const ARTICLE_LIMITS = {
  titleMax: 128,
  /** The author's summary, in characters; a derived summary is cut to the same length. */
  summaryMax: 256,
  /** Source length of content, in characters. */
  contentMax: 200_000,
  /** Feed page size. */
  pageSize: 20,
  /** Cover width : height; the browser crops to it before upload. */
  coverRatio: 16 / 9,
  /** The cropped cover's pixel size (the upload the browser makes). */
  coverWidth: 1200,
  coverHeight: 675,
  /** Latest articles on the home sidebar. */
  sidebarMax: 5,
} as const;

export const TOPIC_TYPES = { post: 0, tweet: 1 } as const;
export const CONTENT_TYPES = ['html', 'markdown', 'text'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
/** Content status (API.md): 0 published, 1 deleted, 2 pending review. */
/**
 * hidden: a forever ban that hides the member's content (issue 16) moved it out of sight; lifting
 * the ban publishes exactly these again (what the member deleted stays deleted).
 */
export const CONTENT_STATUS = { published: 0, deleted: 1, pending: 2, hidden: 3 } as const;

/** Comments, likes, favorites (issue 6). */
export const COMMENT_LIMITS = {
  /** Source length of a comment, in characters. */
  contentMax: 20_000,
  imagesMax: 9,
  /** Top-level comments per page. */
  pageSize: 20,
  /** Replies shown under each top-level comment in a list; the rest via comment/replies. */
  repliesPreview: 3,
  repliesPageSize: 20,
  /** Length of the quoted text shown above a reply to a reply. */
  quoteMax: 120,
} as const;

/** What comments, likes and favorites attach to. Articles plug into the entity registry later. */
export const COMMENTABLE_TYPES = ['topic', 'article'] as const;
export type CommentableType = (typeof COMMENTABLE_TYPES)[number];
export const LIKEABLE_TYPES = ['topic', 'article', 'comment'] as const;
export type LikeableType = (typeof LIKEABLE_TYPES)[number];
export const FAVORITE_TYPES = ['topic', 'article'] as const;
export type FavoriteType = (typeof FAVORITE_TYPES)[number];

/** Site messages (API.md "Message"). */
export const MESSAGE_TYPES = [
  'topic_comment',
  'comment_reply',
  'like',
  'favorite',
  'follow',
  'recommended',
  'deleted',
  'approved',
  'rejected',
  'restored',
  'banned',
  'vip_activated',
  'vip_rejected',
  'vip_expiring',
  'system',
  'mention',
  'quote',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** 2: the member turned the kind off on the site; the row only keeps the event from repeating. */
export const MESSAGE_STATUS = { unread: 0, read: 1, muted: 2 } as const;

/**
 * Notifications by kind (issue 27): what a member switches per channel in their settings. Each
 * message type belongs to one kind.
 */
export const NOTIFICATION_KINDS = ['comment', 'reply', 'mention', 'like', 'follow', 'system', 'vip', 'conversation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_CHANNELS = ['web', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const KIND_OF_MESSAGE: Readonly<Record<MessageType, NotificationKind>> = {
  topic_comment: 'comment',
  comment_reply: 'reply',
  mention: 'mention',
  quote: 'mention',
  like: 'like',
  favorite: 'like',
  follow: 'follow',
  recommended: 'system',
  deleted: 'system',
  approved: 'system',
  rejected: 'system',
  restored: 'system',
  banned: 'system',
  system: 'system',
  vip_activated: 'vip',
  vip_rejected: 'vip',
  vip_expiring: 'vip',
};

/**
 * What a member gets before choosing: everything on the site; e-mail for mentions and for VIP
 * decisions (replies by mail stay a choice, as they were); push, once a browser is subscribed,
 * for what someone said to or about them.
 */
export const NOTIFICATION_DEFAULTS: Readonly<Record<NotificationKind, Readonly<Record<NotificationChannel, boolean>>>> = {
  comment: { web: true, email: false, push: true },
  reply: { web: true, email: false, push: true },
  mention: { web: true, email: true, push: true },
  like: { web: true, email: false, push: false },
  follow: { web: true, email: false, push: false },
  system: { web: true, email: false, push: true },
  vip: { web: true, email: true, push: true },
  // Private messages (issue 28): never a notification row (the conversation list is their place),
  // so `web` is locked on and means only the list; e-mail and push when the member is away.
  conversation: { web: true, email: false, push: true },
};

/** Channels a member cannot turn off: moderation and account notices always reach the site. */
export const LOCKED_CHANNELS: Readonly<Partial<Record<NotificationKind, readonly NotificationChannel[]>>> = { system: ['web'], vip: ['web'], conversation: ['web'] };

/** Digest periods in days: off, daily, weekly. */
export const DIGEST_PERIODS = [0, 1, 7] as const;
export type DigestPeriod = (typeof DIGEST_PERIODS)[number];

/**
 * Message types that gather while unread, one group per item ("Alice and 3 others liked your
 * topic", "5 new comments on …"); any other type is a group of its own.
 */
export const GROUPED_TYPES: ReadonlySet<MessageType> = new Set(['topic_comment', 'like', 'favorite', 'follow']);

export const NOTIFICATION_LIMITS = {
  /** Members notified of mentions per post; the rest are rendered as plain profile links. */
  mentionsPerPost: 10,
  /** Actors remembered per group (the avatars and names shown). */
  groupActors: 5,
  /** A member's push subscriptions (devices); the oldest goes beyond this. */
  pushPerUser: 10,
} as const;

export const MESSAGE_LIMITS = {
  pageSize: 20,
  /** Ids one `POST user/messages/read` may name (a few pages' worth). */
  markReadMax: 100,
  /** Unread messages in user/msg_recent. */
  recent: 5,
  /** Plain-text excerpts kept in a message (content, quote). */
  excerptMax: 200,
  /** At most one reply mail per recipient per window. */
  replyMailWindowMs: 10 * 60_000,
  /** Server-Sent Events: a comment line this often keeps proxies from closing the stream. */
  sseHeartbeatMs: 25_000,
  /** Open event streams per user per process; the oldest closes beyond this. */
  sseMaxPerUser: 8,
  /** EventSource reconnect delay sent to browsers. */
  sseRetryMs: 5_000,
} as const;

/** Private conversations (issue 28). */
export const CONVERSATION_LIMITS = {
  /** People in a conversation, the starter included. */
  membersMax: 10,
  /** A message's length, as a comment's. */
  contentMax: 10_000,
  /** Pictures in one message. */
  imagesMax: 9,
  /** Conversations per page of the list. */
  listPage: 20,
  /** Messages per page of a conversation ("load earlier"). */
  messagesPage: 30,
  /** The list's excerpt of the last message, in characters. */
  excerptMax: 140,
} as const;

/** Who may start a conversation with a member (their setting; `following`: members they follow). */
export const WHO_MAY_START = ['everyone', 'following', 'nobody'] as const;
export type WhoMayStart = (typeof WHO_MAY_START)[number];
