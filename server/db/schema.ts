/**
 * The database as Kysely sees it. One interface per table; the migration that creates a table
 * is the source of truth, this file mirrors it. Times are epoch milliseconds; booleans are 0/1
 * small integers so the three dialects agree.
 *
 * Add a table: write a new migration in `migrations/` (timestamped, frozen), register it in
 * `migrations/index.ts`, add its interface here and to `DB`.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string | null;
  email: string | null;
  email_verified: number;
  nickname: string;
  avatar: string;
  signature: string;
  home_page: string;
  password_hash: string | null;
  role: string; // member | moderator | admin
  score: number;
  topic_count: number;
  /** Published articles (added after users existed: the column's default fills it). */
  article_count: Generated<number>;
  comment_count: number;
  follow_count: number;
  fans_count: number;
  /** 0 = not banned, -1 = forever, otherwise the epoch ms at which the ban ends. */
  forbidden_until: number;
  /** The moderator's reason for the ban ('' when not banned; added after users existed). */
  forbidden_reason: Generated<string>;
  vip_expire_time: number;
  status: number; // 0 active, 1 deleted
  /**
   * Before issue 27: 1 = mail me replies and comments on my topics. Read once by the
   * notifications migration into `notification_prefs`; no longer read or written.
   */
  reply_mail: Generated<number>;
  /** When the member last used the site signed in (epoch ms, updated at most hourly; 0 never). */
  last_seen_time: Generated<number>;
  /** The locale of their last signed-in request (updated with last_seen_time); '' not known yet. */
  locale: Generated<string>;
  /** The profile page's background image: an `/uploads/…` address this site stored, or ''. */
  background: Generated<string>;
  create_time: number;
  update_time: number;
}

export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 hex of the token; the token itself is never stored. */
  token_hash: string;
  expire_time: number;
  user_agent: string;
  ip: string;
  create_time: number;
  update_time: number;
}

export interface EmailCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: string; // verify | reset
  email: string;
  code_hash: string;
  expire_time: number;
  used_time: number | null;
  create_time: number;
  update_time: number;
}

/** A member's verified phone number (issue 29): E.164, one per member, one member per number. */
export interface UserPhonesTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  create_time: number;
  update_time: number;
}

/** Six-digit codes sent by SMS (modules/phone): stored only as a keyed digest. */
export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: string; // signin | bind
  /** The member a bind code is for; 0 for a sign-in code. */
  user_id: Generated<number>;
  code_hash: string;
  expire_time: number;
  attempts: Generated<number>;
  used_time: number | null;
  create_time: number;
  update_time: number;
}

export interface SettingsTable {
  key: string;
  /** JSON-encoded value. */
  value: string;
  create_time: number;
  update_time: number;
}

export interface AuditLogsTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: number | null;
  detail: string; // JSON
  ip: string;
  create_time: number;
  update_time: number;
}

export interface NodesTable {
  id: Generated<number>;
  name: string;
  description: string;
  logo: string;
  sort_no: number;
  in_nav: number; // 0/1
  topic_count: number;
  status: number; // 0 active, 1 deleted
  create_time: number;
  update_time: number;
}

export interface TagsTable {
  id: Generated<number>;
  /** Unique regardless of case. */
  name: string;
  description: string;
  logo: string;
  topic_count: number;
  article_count: number;
  status: number; // 0 active, 1 deleted
  create_time: number;
  update_time: number;
}

/**
 * The columns every post kind's table has (topics, articles): author, status, moderation switch,
 * counters, last activity and where it was posted from. The publishing core reads and moves them
 * on any post table (modules/publishing).
 */
export interface PostColumns {
  id: Generated<number>;
  user_id: number;
  /** Plain text. */
  title: string;
  /** The source as written (html, markdown or text). */
  content: string;
  content_type: string;
  /** Sanitized at write time; reads never re-sanitize. */
  content_html: string;
  summary: string;
  status: number; // 0 published, 1 deleted, 2 pending review
  recommend: number;
  recommend_time: number;
  view_count: number;
  comment_count: number;
  like_count: number;
  favorite_count: number;
  last_comment_time: number;
  last_comment_user_id: number | null;
  /** 1 = locked by a moderator: no new comments (issue 28). */
  comments_locked: Generated<number>;
  /** Slow mode: a member comments at most once per this many seconds on the item; 0 = off. */
  slow_mode_seconds: Generated<number>;
  ip: string;
  /** ISO 3166-1 alpha-2, or ''. */
  ip_country: string;
  ip_region: string;
  user_agent: string;
  create_time: number;
  update_time: number;
}

export interface TopicsTable extends PostColumns {
  type: number; // 0 post, 1 tweet
  node_id: number;
  /** Posts only; '' for tweets. */
  title: string;
  /** JSON array of `{url}`. */
  image_list: string;
  hide_content: string;
  hide_content_html: string;
  sticky: number;
  sticky_time: number;
}

export interface TopicTagsTable {
  id: Generated<number>;
  topic_id: number;
  tag_id: number;
  create_time: number;
  update_time: number;
}

/** A long-form post (issue 12): a title, rich content (html or markdown), a cover, tags. */
export interface ArticlesTable extends PostColumns {
  /** Plain text: the author's, or (summary_auto = 1) derived from the content. */
  summary: string;
  summary_auto: number;
  /** Site-relative address of an image this site stored (`/uploads/…`), or ''. */
  cover: string;
}

export interface ArticleTagsTable {
  id: Generated<number>;
  article_id: number;
  tag_id: number;
  create_time: number;
  update_time: number;
}

/** A comment on a topic or article; `parent_id` set = a reply (one level deep). */
export interface CommentsTable {
  id: Generated<number>;
  entity_type: string; // topic | article
  entity_id: number;
  user_id: number;
  /** The top-level comment this reply sits under; null for a top-level comment. */
  parent_id: number | null;
  /** The reply this reply answers (a reply to a reply); null otherwise. */
  quote_id: number | null;
  /** The source as written (html, markdown or text). */
  content: string;
  content_type: string;
  /** Sanitized at write time; reads never re-sanitize. */
  content_html: string;
  /** JSON array of `{url}`, at most 9. */
  image_list: string;
  like_count: number;
  /** Published replies (top-level comments only). */
  reply_count: number;
  status: number; // 0 published, 1 deleted
  ip: string;
  ip_country: string;
  ip_region: string;
  user_agent: string;
  create_time: number;
  update_time: number;
}

/** One row per (user, item): `user_likes` and `user_favorites` share this shape. */
export interface UserReactionsTable {
  id: Generated<number>;
  user_id: number;
  entity_type: string; // topic | article | comment (likes); topic | article (favorites)
  entity_id: number;
  create_time: number;
  update_time: number;
}

/** A site message to one recipient (API.md "Message"). */
export interface MessagesTable {
  id: Generated<number>;
  /** The recipient. */
  user_id: number;
  /** The user whose action caused it; null for system messages. */
  from_id: number | null;
  type: string; // see MESSAGE_TYPES
  /** The subject's title (topic title…) or, for system notices, the notice's own title. */
  title: string;
  /** Plain text: the comment, the reason, the notice. */
  content: string;
  /** Plain text of what was replied to or liked. */
  quote_content: string;
  url: string;
  entity_type: string;
  entity_id: number;
  /** JSON object of extra values the title shows (ban end, VIP expiry…). */
  params: string;
  /** Unique per recipient when set: the same event never makes a second message. */
  event_key: string | null;
  /** 0 unread, 1 read, 2 muted (the member turned this kind off on the site: kept only so the event is not repeated, never listed or counted). */
  status: number;
  /** The notification group it belongs to (`notification_groups.id`). */
  group_id: Generated<number>;
  create_time: number;
  update_time: number;
}

/**
 * One row of the notifications page (issue 27): while unread, messages of one item and kind
 * gather here ("Alice and 3 others liked your topic").
 */
export interface NotificationGroupsTable {
  id: Generated<number>;
  user_id: number;
  /** What gathers messages: `like:topic:12`; a message of a kind that never groups has `m:<id>`. */
  group_key: string;
  /** `group_key` while the group is unread, NULL once read (a new event then opens a new group). */
  open_key: string | null;
  /** The type of its messages (they share it). */
  type: string;
  entity_type: string;
  entity_id: number;
  last_message_id: number;
  message_count: number;
  actor_count: number;
  /** JSON array of the newest distinct actors' ids, newest first (at most a few). */
  actor_ids: string;
  /** 0 unread, 1 read. */
  status: number;
  create_time: number;
  update_time: number;
}

/** A member's choice for one kind of notification on one channel, only where they chose. */
export interface NotificationPrefsTable {
  id: Generated<number>;
  user_id: number;
  /** A NOTIFICATION_KINDS entry, or `digest`. */
  kind: string;
  /** `web` | `email` | `push`. */
  channel: string;
  /** 1 on, 0 off; for the digest its period in days (0 off, 1 daily, 7 weekly). */
  enabled: number;
  create_time: number;
  update_time: number;
}

/** One browser's Web Push subscription (issue 27). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** SHA-256 hex of the endpoint: unique, so a browser subscribing again replaces its row. */
  endpoint_hash: string;
  /** The browser's P-256 public key and auth secret, base64url. */
  p256dh: string;
  auth: string;
  /** The interface language the member used when subscribing: the payload's language. */
  locale: string;
  user_agent: string;
  last_success_time: Generated<number>;
  create_time: number;
  update_time: number;
}

/** Values the site keeps and never shows (the VAPID key pair, as JSON). */
export interface SiteSecretsTable {
  id: Generated<number>;
  name: string;
  value: string;
  create_time: number;
  update_time: number;
}

/** A private conversation (issue 28): a one-to-one has its `pair_key` ("<low id>:<high id>"), a group NULL. */
export interface ConversationsTable {
  id: Generated<number>;
  starter_id: number;
  pair_key: string | null;
  last_message_id: number;
  last_message_time: number;
  message_count: number;
  create_time: number;
  update_time: number;
}

/** A participant: `state` 0 listed, 1 hidden (left a one-to-one), 2 left (a group). */
export interface ConversationMembersTable {
  id: Generated<number>;
  conversation_id: number;
  user_id: number;
  state: number;
  muted: number;
  last_message_id: number;
  last_read_id: number;
  unread_count: number;
  create_time: number;
  update_time: number;
}

/** A message of a conversation: `kind` 0 text, 1 "a member left" (no author); `status` CONTENT_STATUS. */
export interface ConversationMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  user_id: number | null;
  kind: number;
  content: string;
  content_type: string;
  content_html: string;
  status: number;
  create_time: number;
  update_time: number;
}

/** Who may start a conversation with a member (no row: everyone). */
export interface ConversationPrefsTable {
  id: Generated<number>;
  user_id: number;
  who_may_start: string;
  create_time: number;
  update_time: number;
}

/** A digest period claimed for a member: unique, so two processes never send it twice. */
/** A member's account at a sign-in provider (ADR 0035, migration 2026120601_sign_in_identities). */
export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  /** line | google | github | wechat | oidc */
  provider: string;
  /** The provider's stable id of the account (OIDC `sub`, GitHub's id, WeChat's unionid or openid). */
  subject: string;
  email: string;
  /** 1 when the provider vouched for the e-mail. */
  email_verified: number;
  display_name: string;
  avatar: string;
  create_time: number;
  update_time: number;
}

/** One linked address's preview (ADR 0030, migration 2026120301_embeds_link_previews): the embeds feature's cache. */
export interface LinkPreviewsTable {
  id: Generated<number>;
  /** SHA-256 of `url`, hex. */
  url_hash: string;
  url: string;
  /** `ok` (the fields are the card) or `failed` (the link stays plain). */
  status: string;
  title: string;
  description: string;
  site_name: string;
  /** An https address or ''. */
  image: string;
  fetched_at: number;
  /** When a render's link is due for another fetch (a day after a success, an hour after a failure). */
  refresh_time: number;
}

/** One reported item (issue 28, migration 2026120203_reports): what staff decide on. */
export interface ReportCasesTable {
  id: Generated<number>;
  target_type: string;
  target_id: number;
  author_id: number | null;
  title: string;
  excerpt: string;
  url: string;
  conversation_id: number | null;
  /** 0 open, 1 closed. */
  status: number;
  open_count: number;
  last_report_time: number;
  /** '' while never resolved; else delete | hide | ban | dismiss. */
  outcome: string;
  resolver_id: number | null;
  resolve_time: number;
  create_time: number;
  update_time: number;
}

/** One member's report of a case: unique per (case, reporter). */
export interface ReportsTable {
  id: Generated<number>;
  case_id: number;
  reporter_id: number;
  reason: string;
  text: string;
  /** 0 open, 1 upheld, 2 dismissed. */
  status: number;
  create_time: number;
  /** When it closed (else when it was made). */
  update_time: number;
}

export interface DigestSendsTable {
  id: Generated<number>;
  user_id: number;
  /** `d:2026-11-28` or `w:2026-11-23` (the week's Monday), in the site's time zone. */
  period: string;
  create_time: number;
  update_time: number;
}

/** One member's check-in on one day of the site's time zone (unique per member and day). */
export interface CheckinsTable {
  id: Generated<number>;
  user_id: number;
  /** The site's calendar day, yyyymmdd. */
  day: number;
  consecutive_days: number;
  /** What the check-in earned. */
  score: number;
  create_time: number;
  update_time: number;
}

/** One change of a member's score, written with its cause. */
export interface ScoreLogsTable {
  id: Generated<number>;
  user_id: number;
  /** checkin | topic | article | comment | like, or a reversal (topicDeleted, likeRemoved…). */
  type: string;
  /** The signed change applied to users.score. */
  amount: number;
  /** The topic or article the change came from; '' / 0 when none (a check-in). */
  source_type: string;
  source_id: number;
  /** The comment on that item the change came from (0: none). */
  comment_id: number;
  /** 1 while the source item exists (the log links to it); 0 once it is deleted. */
  linked: number;
  create_time: number;
  update_time: number;
}

/** One published post in the search index (issue 15, ADR 0015); PostgreSQL adds a generated `tsv`. */
export interface SearchDocumentsTable {
  id: Generated<number>;
  kind: string;
  item_id: number;
  /** Topics: their node; 0 for other kinds. */
  node_id: number;
  user_id: number;
  /** The post's creation time (time ranges filter on it; recency weighs with it). */
  create_time: number;
  /** Encoded search terms, space-separated (server/modules/search/search.text.ts). */
  terms: string;
}

/**
 * MariaDB/MySQL only: the inverted index of the search documents, one row per (encoded term,
 * document), with the term's count in the document (ADR 0015 "MariaDB's term index").
 */
export interface SearchTermsTable {
  term: string;
  doc_id: number;
  tf: number;
}

/** The index rebuild's progress per kind: the last item id indexed, and whether it finished. */
export interface SearchReindexTable {
  kind: string;
  after_id: number;
  done: number;
  update_time: number;
}

/** `user_id` follows `other_id`: one row per pair (unique), dropped on unfollow. */
export interface UserFollowsTable {
  id: Generated<number>;
  user_id: number;
  other_id: number;
  create_time: number;
}

/** Why a post waits for a moderator (issue 16): one row per held item, rewritten when held again. */
export interface ReviewHoldsTable {
  id: Generated<number>;
  kind: string;
  item_id: number;
  user_id: number;
  /** 'reviewSetting' | 'forbiddenWord' (common/views/review.ts HoldReason). */
  reason: string;
  /** JSON array of the forbidden words found. */
  words: string;
  create_time: number;
  update_time: number;
}

/** Friend links (issue 17): shown on /links in `sort_no` order. */
export interface LinksTable {
  id: Generated<number>;
  title: string;
  url: string;
  summary: string;
  logo: string;
  sort_no: number;
  create_time: number;
  update_time: number;
}

/** Site notices (issue 17): shown on the home page within their window (0 = open-ended). */
export interface NoticesTable {
  id: Generated<number>;
  title: string;
  content: string;
  content_type: string;
  content_html: string;
  start_time: number;
  end_time: number;
  create_time: number;
  update_time: number;
}

/** Forbidden words (issue 16), the words feature's: a word or a regular expression and what it does. */
export interface ForbiddenWordsTable {
  id: Generated<number>;
  /** A word (NFKC + lower case) or a regular expression's source (NFKC). */
  pattern: string;
  kind: string; // word | regex
  action: string; // review | refuse
  /** The admin who added it (null once their account is gone, or for words moved from the old setting). */
  created_by: number | null;
  create_time: number;
  update_time: number;
}

/** A VIP order (issue 18): a member pays `amount` micro-USDT on TRC20; an admin activates it. */
export interface VipOrdersTable {
  id: Generated<number>;
  user_id: number;
  plan: string; // 1y | 2y | forever
  /** Micro-USDT (1 USDT = 1,000,000): the price plus the thousandths that make it unique. */
  amount: number;
  /** `amount` while the order is open (pending or submitted), null once closed: unique. */
  amount_lock: number | null;
  /** The wallet address the member was told to pay (the setting at order time). */
  address: string;
  status: string; // pending | submitted | active | rejected (expired: pending past expires_at)
  expires_at: number;
  /** Lower-case hex, unique across all orders; null until submitted. */
  tx_hash: string | null;
  submit_time: number;
  admin_id: number | null;
  /** The admin's reason for a rejection ('' otherwise). */
  reason: string;
  decide_time: number;
  /** The membership's end the activation set (−1 forever; 0 until activated). */
  vip_until: number;
  create_time: number;
  update_time: number;
}

/** A job after commit (issue 26, ADR 0022): the outbox row a write enqueued, and its runs. */
export interface JobsTable {
  id: Generated<number>;
  /** The job's declared name (`feature.what`). */
  name: string;
  /** JSON, checked by the job's payload schema when enqueued and when run. */
  payload: string;
  status: string; // waiting | queued (handed to BullMQ) | running | done | failed
  /** Attempts started (a crash's re-run counts). */
  attempts: Generated<number>;
  max_attempts: number;
  /** The first retry's delay; each later one doubles it. */
  backoff_ms: number;
  /** When it is due (waiting), or was last started. */
  run_at: number;
  /** The random token of the process that runs it (running), else null. */
  claim: string | null;
  /** Until when that claim holds; past it another process may take the job over. */
  claim_until: Generated<number>;
  last_error: string | null;
  /** Back-office retries of the failed job (names a new BullMQ job each time). */
  retries: Generated<number>;
  /** Unique among unfinished jobs; null once finished. */
  dedupe_key: string | null;
  create_time: number;
  update_time: number;
}

/** A periodic job's schedule: the process that moves `next_run_time` enqueues the run. */
export interface JobSchedulesTable {
  id: Generated<number>;
  name: string;
  every_ms: number;
  next_run_time: number;
  create_time: number;
  update_time: number;
}

/** `user_id` blocked `blocked_id` (issue 28): one row per pair. */
export interface UserBlocksTable {
  id: Generated<number>;
  user_id: number;
  blocked_id: number;
  create_time: number;
}

/** A formal warning staff sent a member (issue 28); `ack_time` 0 until the member acknowledged it. */
export interface UserWarningsTable {
  id: Generated<number>;
  user_id: number;
  staff_id: number;
  reason: string;
  create_time: number;
  ack_time: Generated<number>;
}

/** A member's trust level (issue 28): computed from what they did, or set by staff (locked). */
export interface TrustLevelsTable {
  user_id: number;
  level: Generated<number>;
  /** 1: set by hand; automatic changes leave it alone until staff clear it. */
  locked: Generated<number>;
  likes_received: Generated<number>;
  set_by: number | null;
  create_time: number;
  update_time: number;
}

/** A spent proof-of-work solution (its challenge's nonce), kept until the challenge expires. */
export interface ChallengeUsesTable {
  nonce: string;
  expire_time: number;
  create_time: number;
}

/** An IP or network ban: one address or a CIDR range, until `expire_time` (0 forever). */
export interface IpBansTable {
  id: Generated<number>;
  cidr: string;
  reason: Generated<string>;
  expire_time: Generated<number>;
  created_by: number | null;
  create_time: number;
  update_time: number;
}

/** An upload's size and the widths of its WebP copies (ADR 0031); keyed by the stored file's SHA-256. */
export interface UploadImagesTable {
  hash: string;
  width: number;
  height: number;
  /** Copy widths, ascending, comma-separated ('' for none). */
  variants: string;
  create_time: number;
}

/** An archive of a member's data they asked for (issue 29): `status` pending | ready | failed. */
/** A whole-forum backup (issue 33): the back office's list of archives in the backup store. */
export interface BackupsTable {
  id: Generated<number>;
  /** The archive's name in the backup store. */
  file_name: string;
  status: string; // running | done | failed
  origin: string; // manual | scheduled
  size: Generated<number>;
  /** The last migration the archive's snapshot had applied ('' until done). */
  schema_version: Generated<string>;
  /** Why it failed ('' otherwise): the service's or the system's words. */
  error: Generated<string>;
  /** Where it was written: disk | bucket. */
  store: Generated<string>;
  /** Why it failed as a message key the back office translates ('' when none). */
  error_key: Generated<string>;
  create_time: number;
  update_time: number;
}
export type BackupRow = Selectable<BackupsTable>;

export interface AccountExportsTable {
  id: Generated<number>;
  user_id: number;
  status: string;
  /** The member's language when they asked: the archive's index page is written in it. */
  locale: string;
  /** SHA-256 hex of the download link's token; null until ready and once spent or swept. */
  token_hash: string | null;
  /** The zip's name under DATA_DIR/exports ('' until ready, and once deleted). */
  file_name: Generated<string>;
  size: Generated<number>;
  /** When the link stops working (ready + 24 h). */
  expire_time: Generated<number>;
  /** When the link was used (0 never): it works once. */
  used_time: Generated<number>;
  create_time: number;
  update_time: number;
}

/** A member's scheduled erasure (issue 29): one row per member, due at `due_time`. */
export interface AccountDeletionsTable {
  id: Generated<number>;
  user_id: number;
  due_time: number;
  create_time: number;
  update_time: number;
}

/** Which row of another forum became which row here (the importer, issue 33): one per source row. */
export interface ImportMapTable {
  id: Generated<number>;
  /** The forum software imported from: `bbs-go`. */
  source: string;
  /** user | node | tag | topic | article | comment | like | favorite | follow | checkin | scoreLog | message */
  source_kind: string;
  source_id: string;
  /** The row's id here; 0 for a kind without one id (a like names a pair). */
  target_id: number;
  create_time: number;
  update_time: number;
}

export interface DB {
  users: UsersTable;
  import_map: ImportMapTable;
  account_exports: AccountExportsTable;
  account_deletions: AccountDeletionsTable;
  backups: BackupsTable;
  upload_images: UploadImagesTable;
  user_tokens: UserTokensTable;
  email_codes: EmailCodesTable;
  settings: SettingsTable;
  audit_logs: AuditLogsTable;
  nodes: NodesTable;
  tags: TagsTable;
  topics: TopicsTable;
  topic_tags: TopicTagsTable;
  articles: ArticlesTable;
  article_tags: ArticleTagsTable;
  comments: CommentsTable;
  user_likes: UserReactionsTable;
  user_favorites: UserReactionsTable;
  messages: MessagesTable;
  checkins: CheckinsTable;
  score_logs: ScoreLogsTable;
  search_documents: SearchDocumentsTable;
  search_reindex: SearchReindexTable;
  search_terms: SearchTermsTable;
  user_follows: UserFollowsTable;
  review_holds: ReviewHoldsTable;
  links: LinksTable;
  notices: NoticesTable;
  forbidden_words: ForbiddenWordsTable;
  vip_orders: VipOrdersTable;
  jobs: JobsTable;
  job_schedules: JobSchedulesTable;
  notification_groups: NotificationGroupsTable;
  notification_prefs: NotificationPrefsTable;
  push_subscriptions: PushSubscriptionsTable;
  site_secrets: SiteSecretsTable;
  user_phones: UserPhonesTable;
  sms_codes: SmsCodesTable;
  digest_sends: DigestSendsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  conversation_messages: ConversationMessagesTable;
  conversation_prefs: ConversationPrefsTable;
  report_cases: ReportCasesTable;
  reports: ReportsTable;
  link_previews: LinkPreviewsTable;
  user_identities: UserIdentitiesTable;
  user_blocks: UserBlocksTable;
  user_warnings: UserWarningsTable;
  trust_levels: TrustLevelsTable;
  challenge_uses: ChallengeUsesTable;
  ip_bans: IpBansTable;
  user_totp: UserTotpTable;
  user_recovery_codes: UserRecoveryCodesTable;
  user_passkeys: UserPasskeysTable;
  second_factor_tickets: SecondFactorTicketsTable;
  webauthn_challenges: WebauthnChallengesTable;
}

export type UserRow = Selectable<UsersTable>;
export type ForbiddenWordRow = Selectable<ForbiddenWordsTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type NodeRow = Selectable<NodesTable>;
export type TagRow = Selectable<TagsTable>;
export type LinkRow = Selectable<LinksTable>;
export type NoticeRow = Selectable<NoticesTable>;
export type TopicRow = Selectable<TopicsTable>;
export type NewTopic = Insertable<TopicsTable>;
export type TopicUpdate = Updateable<TopicsTable>;
export type ArticleRow = Selectable<ArticlesTable>;
export type NewArticle = Insertable<ArticlesTable>;
export type ArticleUpdate = Updateable<ArticlesTable>;
export type CommentRow = Selectable<CommentsTable>;
export type NewComment = Insertable<CommentsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type NotificationGroupRow = Selectable<NotificationGroupsTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type NewMessage = Insertable<MessagesTable>;
export type CheckinRow = Selectable<CheckinsTable>;
export type ScoreLogRow = Selectable<ScoreLogsTable>;
export type NewScoreLog = Insertable<ScoreLogsTable>;
export type VipOrderRow = Selectable<VipOrdersTable>;
export type NewVipOrder = Insertable<VipOrdersTable>;
export type JobRow = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type ConversationMemberRow = Selectable<ConversationMembersTable>;
export type ConversationMessageRow = Selectable<ConversationMessagesTable>;
export type ReportCaseRow = Selectable<ReportCasesTable>;
export type ReportRow = Selectable<ReportsTable>;
export type LinkPreviewRow = Selectable<LinkPreviewsTable>;
export type UserIdentityRow = Selectable<UserIdentitiesTable>;
export type TrustLevelRow = Selectable<TrustLevelsTable>;
export type IpBanRow = Selectable<IpBansTable>;

/** A member's TOTP (issue 29): the base32 secret (stored as is: ADR 0038), confirmed once a code matched, the last step taken. */
export interface UserTotpTable {
  id: Generated<number>;
  user_id: number;
  secret: string;
  confirmed: number;
  last_step: number;
  create_time: number;
  update_time: number;
}

/** A recovery code, hashed (SHA-256 hex); used once (used_time > 0). */
export interface UserRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_time: Generated<number>;
  create_time: number;
}

/** A WebAuthn credential (passkey): id and COSE public key base64url, transports JSON. */
export interface UserPasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  create_time: number;
  last_used_time: Generated<number>;
}
export type UserPasskeyRow = Selectable<UserPasskeysTable>;

/** A sign-in waiting for its second factor: the ticket hashed, single use, 5 minutes, attempts counted. */
export interface SecondFactorTicketsTable {
  id: Generated<number>;
  ticket_hash: string;
  user_id: number;
  method: string;
  redirect: string;
  expire_time: number;
  attempts: Generated<number>;
  create_time: number;
}

/** A WebAuthn challenge, used once: for a member (0 = a discoverable sign-in), registration or sign-in. */
export interface WebauthnChallengesTable {
  id: Generated<number>;
  challenge: string;
  user_id: number;
  purpose: string;
  expire_time: number;
  create_time: number;
}
