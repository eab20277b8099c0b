/**
 * Trust levels (issue 28, ADR 0027): 0 new, 1 basic, 2 member, computed from what a member has
 * done — days since sign-up, published posts (topics, tweets, articles, comments), likes received
 * and score — against the thresholds in the settings, and stored (`trust_levels`), so a check is
 * one read by primary key. The facts that move it (a post published, a like received, score) are
 * the listeners' (trust.feature.ts); the days are an hourly job's. Automatic changes only raise a
 * level; staff may set one by hand (locked: left alone until they clear it).
 *
 * A member without a row predates trust levels (or was made by the installer or a script): level
 * 1. Every sign-up gets its row, at the level its facts reach then (0 on a site with defaults).
 *
 * At level 0 a member's first `reviewFirstPosts` posts wait for a moderator, a post carries at
 * most `maxLinks` links and images (400 naming the field), and they may not start private
 * conversations (`trustLevelOf`, for the conversations feature).
 */
import type { Kysely } from 'kysely';
import type { TrustThreshold, TrustSettings } from '../../../common/validation/defences';
import { TRUST_LEVEL_MAX } from '../../../common/validation/defences';
import type { TrustState } from '../../../common/views/defences';
import type { DB, UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import { isModerator } from '../../policy/permissions';
import { findComputedBelow, findTrust, findTrustFacts, findTrustRows, insertTrust, updateTrust, type TrustFacts } from './trust.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The level of a member with no row: they were members before trust levels existed. */
export const LEVEL_WITHOUT_ROW = 1;

type Facts = Pick<TrustFacts, 'create_time' | 'topic_count' | 'article_count' | 'comment_count' | 'score'> & { likes_received: number | null };

/** Published posts of every kind: what "posts" counts in the thresholds and the first reviewed ones. */
export function publishedPosts(user: Pick<Facts, 'topic_count' | 'article_count' | 'comment_count'>): number {
  return user.topic_count + user.article_count + user.comment_count;
}

function meets(facts: Facts, threshold: TrustThreshold, now: number): boolean {
  const days = Math.floor((now - facts.create_time) / DAY_MS);
  return days >= threshold.days && publishedPosts(facts) >= threshold.posts && (facts.likes_received ?? 0) >= threshold.likes && facts.score >= threshold.score;
}

/** The level a member's facts reach (each level needs the one below it too). */
export function computeLevel(facts: Facts, settings: TrustSettings, now: number): number {
  if (!meets(facts, settings.level1, now)) return 0;
  return meets(facts, settings.level2, now) ? 2 : 1;
}

/**
 * The trust rows a write has read (`newMemberRules`), per write: the write's scope is the key, so
 * they go with it. A handler later in the same write that would read the member's facts only to
 * find their level cannot rise (no row, set by hand, at the top) asks here first (`mayRise`).
 * Within one write these never move the other way: only a sign-up inserts a row, only staff lock
 * or lower one, and neither shares a write with a post or a comment.
 */
const rowsReadInWrite = new WeakMap<WriteScope, Map<number, { level: number; locked: number } | null>>();

function noteRow(scope: WriteScope, userId: number, row: { level: number; locked: number } | undefined): void {
  let rows = rowsReadInWrite.get(scope);
  if (!rows) rowsReadInWrite.set(scope, (rows = new Map()));
  rows.set(userId, row ?? null);
}

/**
 * Whether the member's computed level may still rise, as far as this write knows without a read:
 * false when the write already read their row and it is absent, locked or at the top.
 */
export function mayRise(scope: WriteScope, userId: number): boolean {
  const row = rowsReadInWrite.get(scope)?.get(userId);
  if (row === undefined) return true;
  return row !== null && row.locked !== 1 && row.level < TRUST_LEVEL_MAX;
}

/**
 * A member's trust level: one read by primary key (1 for a member from before trust levels).
 * For other features (the conversations feature: level 0 may not start one).
 */
export async function trustLevelOf(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await findTrust(db, userId);
  return row ? row.level : LEVEL_WITHOUT_ROW;
}

/** The levels of several members (the back office's member list), in one query; no row is level 1. */
export async function trustLevelsOf(db: Kysely<DB>, userIds: readonly number[]): Promise<Map<number, { level: number; locked: boolean }>> {
  const out = new Map(userIds.map((id) => [id, { level: LEVEL_WITHOUT_ROW, locked: false }]));
  if (userIds.length === 0) return out;
  for (const row of await findTrustRows(db, userIds)) out.set(row.user_id, { level: row.level, locked: row.locked === 1 });
  return out;
}

/** A new member's row, at the level their facts reach now (inside the sign-up's write). */
export async function startTrust(db: Kysely<DB>, user: Facts & { id: number }, settings: TrustSettings, now: number): Promise<void> {
  await insertTrust(db, { userId: user.id, level: computeLevel({ ...user, likes_received: 0 }, settings, now), locked: false, setBy: null, now });
}

/**
 * Raises a member's computed level when their facts now reach a higher one (never lowers it; a
 * hand-set level and a member without a row are left alone). Answers the new level, or null.
 */
export async function raiseTrust(db: Kysely<DB>, userId: number, settings: TrustSettings, now: number): Promise<number | null> {
  const facts = await findTrustFacts(db, userId);
  return facts ? raiseFrom(db, facts, settings, now) : null;
}

async function raiseFrom(db: Kysely<DB>, facts: TrustFacts, settings: TrustSettings, now: number): Promise<number | null> {
  if (facts.level === null || facts.locked === 1 || facts.level >= TRUST_LEVEL_MAX) return null;
  const level = computeLevel(facts, settings, now);
  if (level <= facts.level) return null;
  await updateTrust(db, facts.id, { level, now });
  return level;
}

const SWEEP_BATCH = 500;

/** The hourly job: members whose account age alone now reaches a higher level. Answers how many rose. */
export async function raiseByAge(db: Kysely<DB>, settings: TrustSettings, now: number): Promise<number> {
  let raised = 0;
  let afterId = 0;
  for (;;) {
    const rows = await findComputedBelow(db, TRUST_LEVEL_MAX, afterId, SWEEP_BATCH);
    for (const row of rows) if ((await raiseFrom(db, row, settings, now)) !== null) raised++;
    if (rows.length < SWEEP_BATCH) return raised;
    afterId = rows.at(-1)!.id;
  }
}

/** A member's trust as the API shows it. */
export async function trustStateOf(db: Kysely<DB>, userId: number, settings: TrustSettings): Promise<TrustState> {
  const facts = await findTrustFacts(db, userId);
  if (!facts) throw errors.notFound('errors.account.userNotFound');
  const level = facts.level ?? LEVEL_WITHOUT_ROW;
  const newMember = level === 0 && !isModerator(facts);
  return {
    userId,
    level,
    locked: facts.locked === 1,
    reviewedPostsLeft: newMember ? Math.max(0, settings.reviewFirstPosts - publishedPosts(facts)) : 0,
    maxLinks: newMember ? settings.maxLinks : null,
  };
}

/**
 * Staff set a member's level by hand (locked), or clear it (`null`: computed again from the
 * facts, which may lower it). Answers the level before and after.
 */
export async function setTrustByHand(scope: WriteScope, userId: number, level: number | null, settings: TrustSettings, actor: Actor): Promise<void> {
  const { db, now } = scope;
  const facts = await findTrustFacts(db, userId);
  if (!facts) throw errors.notFound('errors.account.userNotFound');
  const before = facts.level ?? LEVEL_WITHOUT_ROW;
  const after = level ?? computeLevel(facts, settings, now);
  const values = { level: after, locked: level !== null, setBy: level === null ? null : actor.id, now };
  if (facts.level === null) await insertTrust(db, { userId, ...values });
  else await updateTrust(db, userId, values);
  await scope.emit('trust.changed', { userId, from: before, to: after, locked: level !== null, actor });
}

/** Links and images in sanitized HTML (anchors with an address, pictures). */
export function countLinks(html: string): number {
  return (html.match(/<a\s[^>]*href=/gi)?.length ?? 0) + (html.match(/<img\b/gi)?.length ?? 0);
}

/**
 * What a new member's post meets (inside its write): more than `maxLinks` links and images is
 * refused (400 naming `field`), and while fewer than `reviewFirstPosts` of their posts are out it
 * waits for a moderator (true). Staff, and members at level 1 and up, meet nothing.
 */
export async function newMemberRules(scope: WriteScope, author: UserRow, post: { links: number; field: string; isNew: boolean }): Promise<{ hold: boolean }> {
  if (isModerator(author)) return { hold: false };
  const row = await findTrust(scope.db, author.id);
  noteRow(scope, author.id, row);
  const level = row ? row.level : LEVEL_WITHOUT_ROW;
  if (level > 0) return { hold: false };
  const { trust } = await scope.ctx.settings.get(scope.db);
  if (post.links > trust.maxLinks) throw errors.validation({ [post.field]: { key: 'defences.trust.tooManyLinks', params: { max: trust.maxLinks } } });
  return { hold: post.isNew && publishedPosts(author) < trust.reviewFirstPosts };
}
