/**
 * The archive of a member's data (issue 29, ADR 0039): gathered through each owning feature's
 * public surface (never its tables), written as one zip of JSON files, the files they uploaded,
 * and `index.html`, a page a person reads in the member's language (every value escaped).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Zippable } from 'fflate';
import type { Kysely } from 'kysely';
import { isLocale, translator } from '../../../common/i18n';
import { DEFAULT_LOCALE } from '../../../common/constants';
import { formatSiteTime } from '../../../common/site-time';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { commentsWrittenBy } from '../comments/comments.api';
import { conversationsOfMember } from '../conversations/conversations.api';
import { followsOfMember } from '../follows/follows.api';
import { postsWrittenBy } from '../publishing/publishing.api';
import { favoritesOfMember } from '../reactions/reactions.api';
import { scoreLogOfMember } from '../scores/scores.api';
import { readStoredImage, siteStorage, uploadAddressesIn } from '../uploads/uploads.api';
import { findUserById } from '../users/users.api';

/** Where archives live: DATA_DIR/exports (never served as a folder; one link per file). */
export function exportsDir(dataDir: string): string {
  return path.join(dataDir, 'exports');
}

/** The parts of an archive, by file name (without the folder). */
export type ArchiveData = Awaited<ReturnType<typeof gatherMemberData>>;

/** Everything the archive holds of one member, read through the owning features. */
export async function gatherMemberData(db: Kysely<DB>, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const profile = {
    id: user.id,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    emailVerified: user.email_verified === 1,
    avatar: user.avatar,
    background: user.background,
    signature: user.signature,
    homePage: user.home_page,
    role: user.role,
    score: user.score,
    locale: user.locale,
    createTime: user.create_time,
  };
  const post = (row: { id: number; title: string; content: string; content_html: string; status: number; create_time: number }) => ({ id: row.id, title: row.title, content: row.content, html: row.content_html, status: row.status, createTime: row.create_time });
  const topics = (await postsWrittenBy(db, 'topics', userId)).map(post);
  const articles = (await postsWrittenBy(db, 'articles', userId)).map(post);
  const comments = (await commentsWrittenBy(db, userId)).map((row) => ({ id: row.id, on: `${row.entity_type}:${row.entity_id}`, content: row.content, html: row.content_html, status: row.status, createTime: row.create_time }));
  const conversations = await conversationsOfMember(db, userId);
  const favorites = await favoritesOfMember(db, userId);
  const follows = await followsOfMember(db, userId);
  const scores = await scoreLogOfMember(db, userId);
  const uploads = [
    ...new Set([user.avatar, user.background, ...[...topics, ...articles, ...comments].flatMap((item) => uploadAddressesIn(item.html))].filter((address) => address.startsWith('/uploads/') || address.includes('/uploads/'))),
  ];
  return { profile, topics, articles, comments, conversations, favorites, follows, scores, uploads };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The readable index: what each file holds, and the member's posts as plain lists (every value escaped). */
export function archiveIndexHtml(data: NonNullable<ArchiveData>, options: { locale: string; timeZone: string; siteTitle: string; now: number }): string {
  const locale = isLocale(options.locale) ? options.locale : DEFAULT_LOCALE;
  const t = translator(locale);
  const when = (time: number) => escapeHtml(formatSiteTime(time, locale, options.timeZone));
  const section = (key: string, count: number, items: string[]) =>
    `<section><h2>${escapeHtml(String(t(`accountData.archive.${key}`)))} (${count})</h2><p><a href="${key}.json">${key}.json</a></p>${items.length ? `<ul>${items.join('')}</ul>` : ''}</section>`;
  const postItem = (item: { title: string; createTime: number }) => `<li>${escapeHtml(item.title)} — <time>${when(item.createTime)}</time></li>`;
  const { profile } = data;
  return [
    '<!doctype html>',
    `<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(String(t('accountData.archive.title', { siteTitle: options.siteTitle })))}</title></head><body>`,
    `<h1>${escapeHtml(String(t('accountData.archive.title', { siteTitle: options.siteTitle })))}</h1>`,
    `<p>${escapeHtml(String(t('accountData.archive.madeAt', { time: formatSiteTime(options.now, locale, options.timeZone) })))}</p>`,
    `<section><h2>${escapeHtml(String(t('accountData.archive.profile')))}</h2><dl>`,
    `<dt>${escapeHtml(String(t('accountData.archive.nickname')))}</dt><dd>${escapeHtml(profile.nickname)}</dd>`,
    `<dt>${escapeHtml(String(t('accountData.archive.username')))}</dt><dd>${escapeHtml(profile.username ?? '')}</dd>`,
    `<dt>${escapeHtml(String(t('accountData.archive.email')))}</dt><dd>${escapeHtml(profile.email ?? '')}</dd>`,
    `<dt>${escapeHtml(String(t('accountData.archive.joined')))}</dt><dd>${when(profile.createTime)}</dd>`,
    `</dl><p><a href="${'profile'}.json">${'profile'}.json</a></p></section>`,
    section('topics', data.topics.length, data.topics.map(postItem)),
    section('articles', data.articles.length, data.articles.map(postItem)),
    section('comments', data.comments.length, data.comments.map((item) => `<li>${escapeHtml(item.content.slice(0, 200))} — <time>${when(item.createTime)}</time></li>`)),
    section('conversations', data.conversations.length, []),
    section('favorites', data.favorites.length, []),
    section('follows', data.follows.following.length + data.follows.followers.length, []),
    section('scores', data.scores.length, []),
    section('uploads', data.uploads.length, []),
    '</body></html>',
    '',
  ].join('\n');
}

/**
 * Builds the member's archive and writes it under DATA_DIR/exports with a random name: answers
 * its name and size, or null when the member is gone.
 */
export async function writeMemberArchive(ctx: AppContext, db: Kysely<DB>, userId: number, locale: string, now: number): Promise<{ fileName: string; size: number } | null> {
  const data = await gatherMemberData(db, userId);
  if (!data) return null;
  const settings = await ctx.settings.get(db);
  // Loaded here, not at start: fflate builds its tables when imported (a cold start's cost, issue 32).
  const { strToU8, zipSync } = await import('fflate');
  const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  const named = (parts: Record<string, unknown>) => Object.fromEntries(Object.entries(parts).map(([name, value]) => [`${name}.json`, json(value)]));
  const storage = await siteStorage(ctx, db);
  const files: Zippable = {};
  const uploaded: Array<{ address: string; file: string | null }> = [];
  for (const [index, address] of data.uploads.entries()) {
    const bytes = await readStoredImage(address, storage, ctx.config);
    const name = bytes ? `uploads/${index + 1}-${path.posix.basename(address.split('?')[0] ?? '').replace(/[^A-Za-z0-9._-]/g, '') || 'file'}` : null;
    if (bytes && name) files[name] = [new Uint8Array(bytes), { level: 0 }];
    uploaded.push({ address, file: name });
  }
  Object.assign(files, { 'index.html': strToU8(archiveIndexHtml(data, { locale, timeZone: settings.timeZone, siteTitle: settings.siteTitle, now })) });
  Object.assign(files, named({ profile: data.profile, topics: data.topics, articles: data.articles, comments: data.comments, conversations: data.conversations, favorites: data.favorites, follows: data.follows, scores: data.scores, uploads: uploaded }));
  const zip = zipSync(files, { level: 6 });
  const dir = exportsDir(ctx.config.dataDir);
  await mkdir(dir, { recursive: true });
  const fileName = `${userId}-${randomBytes(12).toString('hex')}.zip`;
  await writeFile(path.join(dir, fileName), zip);
  return { fileName, size: zip.length };
}
