/**
 * Mentions and quotes of a post or comment: resolved against the members table (the server, not
 * the author's markup, decides who is mentioned), the stored HTML decorated to match, and the
 * members told once per item, inside the write's transaction.
 *
 * Rules (issue 27): a member is told once per item (`eventKey` per recipient, so an edit tells
 * only the newly mentioned), never of their own post, never while the item is pending review or
 * hidden (the caller says whether it is published; `content.statusChanged` calls again when it
 * comes out), and at most NOTIFICATION_LIMITS.mentionsPerPost members per item: mentions past the
 * cap stay plain profile links.
 */
import type { Kysely } from 'kysely';
import { CONTENT_STATUS, NOTIFICATION_LIMITS } from '../../../common/constants';
import type { DB, UserRow } from '../../db/schema';
import type { WriteScope } from '../../kernel/events';
import type { ContentHead, KindRegistry } from '../../kernel/kinds';
import { hasBlocked } from '../blocks/blocks.api';
import { notify } from '../messages/messages.api';
import { findActiveUsersByUsernames, findUsersByIds } from '../users/users.api';
import { decorateMentions, scanContent, type MentionCandidate, type MentionDecision } from './mentions.parser';

export interface ResolvedContent {
  /** The stored HTML as it should be: mentions marked, those over the cap plain links. */
  html: string;
  /** The members mentioned (marked), in order of first mention, at most the cap. */
  mentioned: number[];
  /** The hrefs quoted (links inside blockquotes). */
  quotes: string[];
}

function isActive(user: UserRow): boolean {
  return user.status === 0;
}

/**
 * Distinct ids and names looked up per item: a post stuffed with thousands of `@names` costs two
 * bounded queries, and what lies past the bound stays as written (it could not be told anyway).
 */
const LOOKUP_MAX = 50;

/** The member each candidate names (active members only), in at most two queries. */
async function membersNamed(db: Kysely<DB>, candidates: readonly MentionCandidate[]): Promise<Array<UserRow | undefined>> {
  const ids = [...new Set(candidates.flatMap((c) => (c.by === 'link' ? [c.userId] : [])))].slice(0, LOOKUP_MAX);
  const names = [...new Set(candidates.flatMap((c) => (c.by === 'name' ? [c.username.toLowerCase()] : [])))].slice(0, LOOKUP_MAX);
  const [byId, byName] = await Promise.all([ids.length > 0 ? findUsersByIds(db, ids) : [], findActiveUsersByUsernames(db, names)]);
  const ofId = new Map(byId.filter(isActive).map((u) => [u.id, u]));
  const ofName = new Map(byName.map((u) => [(u.username ?? '').toLowerCase(), u]));
  return candidates.map((c) => (c.by === 'link' ? ofId.get(c.userId) : ofName.get(c.username.toLowerCase())));
}

/** Resolves the mentions of sanitized HTML: the first `cap` distinct members are mentions, the rest plain links. */
export async function resolveContent(db: Kysely<DB>, html: string, cap: number = NOTIFICATION_LIMITS.mentionsPerPost): Promise<ResolvedContent> {
  const scan = scanContent(html);
  if (scan.mentions.length === 0) return { html, mentioned: [], quotes: scan.quotes };
  const members = await membersNamed(db, scan.mentions);
  const mentioned: number[] = [];
  const decisions: MentionDecision[] = [];
  scan.mentions.forEach((candidate, index) => {
    const member = members[index];
    if (!member) return;
    if (!mentioned.includes(member.id) && mentioned.length < cap) mentioned.push(member.id);
    decisions.push({ candidate, userId: member.id, style: mentioned.includes(member.id) ? 'mention' : 'plain' });
  });
  return { html: decorateMentions(html, decisions), mentioned, quotes: scan.quotes };
}

// ---------------------------------------------------------------------------------------------
// Who is told

/** Who wrote the item, and who is considered for a message. */
export interface RecipientCheck {
  memberId: number;
  authorId: number;
}

/**
 * The rules a member must pass to be told of a mention or quote, each one predicate. A rule that
 * needs the database (the blocked members of the next issue) reads it through the scope.
 */
type RecipientRule = (scope: WriteScope, check: RecipientCheck) => boolean | Promise<boolean>;

const RECIPIENT_RULES: readonly RecipientRule[] = [
  // Mentioning or quoting oneself tells nobody.
  (_scope, { memberId, authorId }) => memberId !== authorId,
  // A member who blocked the author is not told of their mentions or quotes (issue 28).
  async (scope, { memberId, authorId }) => !(await hasBlocked(scope.db, memberId, authorId)),
];

async function recipientsAmong(scope: WriteScope, memberIds: readonly number[], authorId: number): Promise<number[]> {
  const kept: number[] = [];
  for (const memberId of memberIds) {
    let passes = true;
    for (const rule of RECIPIENT_RULES) {
      if (!(await rule(scope, { memberId, authorId }))) {
        passes = false;
        break;
      }
    }
    if (passes) kept.push(memberId);
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------
// Quotes

const COMMENT_ANCHOR = /^#comment-([1-9]\d{0,15})$/;

/** What a quoted link points at on this site: a comment (by its anchor) or an item's page. */
async function quotedHead(db: Kysely<DB>, kinds: KindRegistry, href: string): Promise<ContentHead | undefined> {
  let url: URL;
  try {
    url = new URL(href, 'https://sabai.invalid');
  } catch {
    return undefined;
  }
  // An absolute link to another host was made a /redirect link by the sanitizer; only this site's paths name posts.
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !/^https?:/i.test(href)) return undefined;
  const anchor = COMMENT_ANCHOR.exec(url.hash);
  if (anchor) return kinds.get('comment')?.load(db, Number(anchor[1]));
  const page = kinds.byPath(url.pathname);
  return page ? page.kind.load(db, page.id) : undefined;
}

/** The published items quoted, each once: the first links only (each costs a lookup), at most the cap. */
async function quotedItems(db: Kysely<DB>, kinds: KindRegistry, hrefs: readonly string[]): Promise<ContentHead[]> {
  const heads = new Map<string, ContentHead>();
  for (const href of [...new Set(hrefs)].slice(0, NOTIFICATION_LIMITS.mentionsPerPost)) {
    const head = await quotedHead(db, kinds, href);
    if (head && head.status === CONTENT_STATUS.published) heads.set(`${head.type}:${head.id}`, head);
  }
  return [...heads.values()];
}

// ---------------------------------------------------------------------------------------------
// An item's mentions, as one step of a write

export interface ItemMentionsInput {
  type: string;
  id: number;
  /** Published now: its mentions and quotes are told (else only its HTML is decorated). */
  published: boolean;
  /** Members the write tells of this item already (a comment's item author, the member replied to): no quote message for them. */
  toldAlready?: readonly number[];
  /** The item's stored HTML when the fact carries it (a new comment): not read back. */
  html?: string;
}

/**
 * Decorates the item's stored mentions and, once it is published, tells the members it mentions
 * (type `mention`) and the authors it quotes (type `quote`, unless mentioned or told already).
 */
export async function processItemMentions(scope: WriteScope, input: ItemMentionsInput): Promise<void> {
  const { db, ctx } = scope;
  const kind = ctx.kinds.get(input.type);
  if (!kind?.body) return;
  const html = input.html ?? (await kind.body.read(db, input.id));
  if (html === undefined) return;
  const resolved = await resolveContent(db, html);
  if (resolved.html !== html) await kind.body.rewrite(db, input.id, resolved.html);
  if (!input.published || (resolved.mentioned.length === 0 && resolved.quotes.length === 0)) return;
  const head = await kind.load(db, input.id);
  if (!head || head.status !== CONTENT_STATUS.published) return;
  const message = { from: head.ownerId, title: head.title, content: head.excerpt, url: head.url, entity: { type: head.type, id: head.id } };

  const mentioned = await recipientsAmong(scope, resolved.mentioned, head.ownerId);
  for (const to of mentioned) await notify(scope, { ...message, to, type: 'mention', eventKey: `mention:${head.type}:${head.id}` });

  const skip = new Set<number>([...resolved.mentioned, ...(input.toldAlready ?? [])]);
  const quoted = (await quotedItems(db, ctx.kinds, resolved.quotes)).filter((q) => !skip.has(q.ownerId));
  const quotedAuthors = await recipientsAmong(scope, [...new Set(quoted.map((q) => q.ownerId))], head.ownerId);
  for (const to of quotedAuthors) {
    const what = quoted.find((q) => q.ownerId === to)!;
    await notify(scope, { ...message, to, type: 'quote', quote: what.excerpt, eventKey: `quote:${head.type}:${head.id}` });
  }
}
