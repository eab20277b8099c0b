/**
 * Importing a bbs-go forum (issue 33, ADR 0042), kind by kind in the order their references need:
 * members, nodes, tags, topics and tweets, articles, comments, likes, favorites, follows,
 * check-ins, score history. Each source batch is read (bbs-go.repository.ts), its old uploads
 * copied (upload-copier.ts), then written in one transaction through the owning feature's import
 * entry point (`*.api.ts`), with one `import_map` row per source row, so a second run finds it
 * and imports nothing twice. At the end the counters are recounted from the rows and the search
 * index is rebuilt, as `npm run reindex` does. A dry run does all of it inside one transaction
 * that is rolled back, so its report is the real one and nothing stays.
 */
import type { Kysely } from 'kysely';
import type { TrustSettings } from '../../../common/validation/defences';
import type { DB } from '../../db/schema';
import { runRolledBack, runTransaction } from '../../kernel/write';
import { importArticle, type ImportedArticle } from '../articles/articles.api';
import { importComment, lockedComment, recountComments } from '../comments/comments.api';
import { importFollow } from '../follows/follows.api';
import { importNode, recountNodes } from '../nodes/nodes.api';
import { recountPosts } from '../publishing/publishing.api';
import { importFavorite, importLike } from '../reactions/reactions.api';
import { importCheckin, importScoreLog } from '../scores/scores.api';
import { reindexAll } from '../search/search.api';
import { importTag, linkImportedTags, recountTags } from '../tags/tags.api';
import { importTopic, type ImportedTopic } from '../topics/topics.api';
import { settleImportedTrust } from '../trust/trust.api';
import { importMember, recountMembers } from '../users/users.api';
import type { BbsGoArticle, BbsGoComment, BbsGoReaction, BbsGoSource, BbsGoTables, BbsGoTopic, BbsGoUser } from './bbs-go.repository';
import { findAllImported, findImported, recordImported } from './importer.repository';
import { emptyReport, type ImportKind, type ImportReport, type ReportLine } from './importer.report';
import { ADJUSTMENT_REASONS, contentTypeOf, imagesOf, memberOf, SCORE_CAUSES, statusReason, time } from './bbs-go.mapping';
import { UploadCopier, type StoreImage, type UploadOrigin } from './upload-copier';

export const SOURCE = 'bbs-go';
const BATCH = 200;

export interface ImportOptions {
  source: BbsGoSource;
  dryRun: boolean;
  uploads: UploadOrigin | null;
  /** Stores an image copied from the old uploads (uploads.api `storeImage` on this site's storage). */
  storeImage: StoreImage;
  /** PUBLIC_URL's origin, so links to this site stay direct in the rendered content. */
  siteOrigin: string | null;
  /** The site's trust thresholds: an imported member's level is computed from their history. */
  trust: TrustSettings;
  now: () => number;
  /** A line per finished kind, for the command's output. */
  progress?: (line: string) => void;
}

/** What became of one source row. */
type Outcome = { imported: number } | { skipped: string };

/** Runs a piece of writing: its own transaction, or (dry run) the one open transaction. */
type Write = <T>(work: (db: Kysely<DB>) => Promise<T>) => Promise<T>;

export async function importBbsGo(db: Kysely<DB>, options: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const report = emptyReport(options.dryRun);
  const copier = new UploadCopier(options.uploads, options.storeImage, options.dryRun);
  if (options.dryRun) {
    await runRolledBack(db, (trx) => importAll(trx, (work) => work(trx), options, report, copier));
  } else {
    await importAll(db, (work) => runTransaction(db, work), options, report, copier);
    const indexed = await reindexAll(db, (work) => runTransaction(db, work), options.now, { restart: true });
    report.indexed = indexed.reduce((sum, kind) => sum + kind.indexed, 0);
  }
  report.uploads = { found: copier.found, copied: copier.stored, unreachable: copier.failures };
  report.durationMs = Date.now() - started;
  return report;
}

async function importAll(db: Kysely<DB>, write: Write, options: ImportOptions, report: ImportReport, copier: UploadCopier): Promise<void> {
  const run = new ImportRun(db, write, options, report, copier);
  await run.members();
  await run.nodes();
  await run.tags();
  await run.topics();
  await run.articles();
  await run.comments();
  await run.reactions('like');
  await run.reactions('favorite');
  await run.follows();
  await run.checkins();
  await run.scoreLogs();
  await run.messages();
  await write(async (tx) => {
    await recountMembers(tx);
    await recountNodes(tx);
    await recountTags(tx);
    await recountPosts(tx, 'topics', 'topic');
    await recountPosts(tx, 'articles', 'article');
    await recountComments(tx);
    for (const userId of run.importedMembers) await settleImportedTrust(tx, userId, options.trust, options.now());
  });
}

class ImportRun {
  /** Source id → id here, per kind, as imported by this run or an earlier one. */
  private readonly maps = new Map<string, Map<string, number>>();
  /** The members this run brought in (their trust level is settled once everything is counted). */
  readonly importedMembers: number[] = [];
  /**
   * What the batch being written found, kept apart until its transaction commits: a transaction
   * tried again (a deadlock, a busy SQLite file) then does not report a row twice.
   */
  private batch: { skips: ReportLine[]; changes: ReportLine[]; members: number[] } = { skips: [], changes: [], members: [] };

  constructor(
    private readonly db: Kysely<DB>,
    private readonly write: Write,
    private readonly options: ImportOptions,
    private readonly report: ImportReport,
    private readonly copier: UploadCopier,
  ) {}

  private async map(kind: ImportKind): Promise<Map<string, number>> {
    let found = this.maps.get(kind);
    if (!found) {
      found = await findAllImported(this.db, SOURCE, kind);
      this.maps.set(kind, found);
    }
    return found;
  }

  private async target(kind: ImportKind, sourceId: number | null | undefined): Promise<number | undefined> {
    return sourceId ? (await this.map(kind)).get(String(sourceId)) : undefined;
  }

  private skip(kind: ImportKind, sourceId: number | string, reason: string): Outcome {
    this.batch.skips.push({ kind, sourceId: String(sourceId), reason });
    return { skipped: reason };
  }

  private change(kind: ImportKind, sourceId: number | string, reason: string): void {
    this.batch.changes.push({ kind, sourceId: String(sourceId), reason });
  }

  /**
   * One kind, batch by batch: rows already in the import map are counted and left; `prepare`
   * runs outside the transaction (slow work: copying images); `handle` writes one row inside it.
   */
  private async step<K extends keyof BbsGoTables, P>(
    kind: ImportKind,
    table: K,
    prepare: (row: BbsGoTables[K]) => Promise<P>,
    handle: (db: Kysely<DB>, row: BbsGoTables[K], prepared: P) => Promise<Outcome>,
    afterBatch?: (db: Kysely<DB>, imported: Array<[sourceId: number, targetId: number]>) => Promise<void>,
  ): Promise<void> {
    const counts = this.report.counts[kind];
    const map = await this.map(kind);
    let after = 0;
    for (;;) {
      const rows = (await this.options.source.batch(table, after, BATCH)) as Array<BbsGoTables[K] & { id: number }>;
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      counts.read += rows.length;
      const done = await findImported(this.db, SOURCE, kind, rows.map((row) => String(row.id)));
      const fresh = rows.filter((row) => !done.has(String(row.id)));
      counts.already += rows.length - fresh.length;
      const prepared: P[] = [];
      for (const row of fresh) prepared.push(await prepare(row));
      const imported: Array<[number, number]> = [];
      await this.write(async (tx) => {
        imported.length = 0;
        this.batch = { skips: [], changes: [], members: [] };
        for (const [i, row] of fresh.entries()) {
          const outcome = await handle(tx, row, prepared[i] as P);
          if ('imported' in outcome) {
            await recordImported(tx, SOURCE, kind, String(row.id), outcome.imported, this.options.now());
            imported.push([row.id, outcome.imported]);
            // At once: a reply later in the same batch finds the comment it answers.
            map.set(String(row.id), outcome.imported);
          }
        }
        if (afterBatch) await afterBatch(tx, imported);
      });
      counts.imported += imported.length;
      this.report.skips.push(...this.batch.skips);
      this.report.changes.push(...this.batch.changes);
      this.importedMembers.push(...this.batch.members);
    }
    counts.skipped = this.report.skips.filter((line) => line.kind === kind).length;
    const imported = this.options.dryRun ? 'to import' : 'imported';
    this.options.progress?.(`${kind}: ${counts.read} read, ${counts.imported} ${imported}, ${counts.already} already imported, ${counts.skipped} skipped`);
  }

  async members(): Promise<void> {
    const now = this.options.now();
    await this.step(
      'user',
      'users',
      async (row: BbsGoUser) => (row.avatar ? await this.copier.copy(row.avatar) : null),
      async (db, row, avatar) => {
        const member = memberOf(row, avatar ?? '', now);
        const { id, adjustments } = await importMember(db, member, `member${row.id}`);
        for (const adjustment of adjustments) this.change('user', row.id, ADJUSTMENT_REASONS[adjustment]);
        this.batch.members.push(id);
        return { imported: id };
      },
    );
  }

  async nodes(): Promise<void> {
    const now = this.options.now();
    await this.step(
      'node',
      'nodes',
      async () => null,
      async (db, row) => {
        if (row.status !== 0) return this.skip('node', row.id, 'deleted in bbs-go');
        if (!row.name?.trim()) return this.skip('node', row.id, 'no name');
        if (row.parent_id > 0) this.change('node', row.id, `a second-level node (under ${row.parent_id}): a node of its own here`);
        const id = await importNode(db, { name: row.name.trim(), description: row.description ?? '', logo: '', sortNo: row.sort_no ?? 0, createTime: time(row.create_time, now) });
        return { imported: id };
      },
    );
  }

  async tags(): Promise<void> {
    const now = this.options.now();
    await this.step(
      'tag',
      'tags',
      async () => null,
      async (db, row) => {
        if (row.status !== 0) return this.skip('tag', row.id, 'deleted in bbs-go');
        const id = await importTag(db, row.name.trim(), time(row.create_time, now));
        return id === undefined ? this.skip('tag', row.id, 'a name no tag may have') : { imported: id };
      },
    );
  }

  /** A post's tag links, for the posts of one batch. */
  private linkTags(kind: 'topic' | 'article') {
    return async (db: Kysely<DB>, imported: Array<[number, number]>) => {
      const links = await this.options.source.tagLinks(kind, imported.map(([sourceId]) => sourceId));
      const tags = await this.map('tag');
      for (const [sourceId, targetId] of imported) {
        const tagIds = links.filter((link) => link.item_id === sourceId).flatMap((link) => tags.get(String(link.tag_id)) ?? []);
        if (tagIds.length > 0) await linkImportedTags(db, kind, targetId, tagIds, this.options.now());
      }
    };
  }

  async topics(): Promise<void> {
    const now = this.options.now();
    await this.step(
      'topic',
      'topics',
      async (row: BbsGoTopic) => ({
        content: await this.copier.rewrite(row.content ?? ''),
        hideContent: await this.copier.rewrite(row.hide_content ?? ''),
        images: await Promise.all(imagesOf(row.image_list).map(async ({ url }) => ({ url: (await this.copier.copy(url)) ?? url }))),
      }),
      async (db, row, prepared) => {
        const status = statusReason(row.status);
        if (status) return this.skip('topic', row.id, status);
        const userId = await this.target('user', row.user_id);
        if (userId === undefined) return this.skip('topic', row.id, `author ${row.user_id} not imported`);
        const nodeId = await this.target('node', row.node_id);
        if (nodeId === undefined) return this.skip('topic', row.id, `node ${row.node_id} not imported`);
        if (row.type === 2) this.change('topic', row.id, 'a question: imported as a topic (no accepted answer or bounty here)');
        const topic: ImportedTopic = {
          type: row.type === 1 ? 1 : 0,
          nodeId,
          userId,
          title: (row.title ?? '').trim(),
          content: prepared.content,
          contentType: contentTypeOf(row.content_type),
          hideContent: prepared.hideContent,
          images: prepared.images,
          recommend: row.recommend === 1,
          recommendTime: row.recommend_time,
          sticky: row.sticky === 1,
          stickyTime: row.sticky_time,
          viewCount: row.view_count,
          ip: row.ip ?? '',
          userAgent: row.user_agent ?? '',
          createTime: time(row.create_time, now),
          updateTime: time(row.create_time, now),
        };
        if (topic.type === 0 && topic.title === '') return this.skip('topic', row.id, 'no title');
        const id = await importTopic(db, topic, this.options.siteOrigin);
        return id === null ? this.skip('topic', row.id, 'empty content') : { imported: id };
      },
      this.linkTags('topic'),
    );
  }

  async articles(): Promise<void> {
    const now = this.options.now();
    await this.step(
      'article',
      'articles',
      async (row: BbsGoArticle) => ({ content: await this.copier.rewrite(row.content), cover: await this.coverOf(row.cover) }),
      async (db, row, prepared) => {
        const status = statusReason(row.status);
        if (status) return this.skip('article', row.id, status);
        const userId = await this.target('user', row.user_id);
        if (userId === undefined) return this.skip('article', row.id, `author ${row.user_id} not imported`);
        if (!row.title.trim()) return this.skip('article', row.id, 'no title');
        const article: ImportedArticle = {
          userId,
          title: row.title.trim(),
          summary: row.summary ?? '',
          content: prepared.content,
          contentType: contentTypeOf(row.content_type),
          cover: prepared.cover,
          recommend: false,
          recommendTime: 0,
          viewCount: row.view_count,
          ip: row.ip ?? '',
          userAgent: '',
          createTime: time(row.create_time, now),
          updateTime: time(row.update_time, time(row.create_time, now)),
        };
        const id = await importArticle(db, article, this.options.siteOrigin);
        return id === null ? this.skip('article', row.id, 'empty content') : { imported: id };
      },
      this.linkTags('article'),
    );
  }

  /** bbs-go keeps a cover as an address or as JSON `{url}`: kept only when copied here. */
  private async coverOf(cover: string | null): Promise<string> {
    if (!cover) return '';
    let url = cover;
    if (cover.startsWith('{')) url = imagesOf(`[${cover}]`)[0]?.url ?? '';
    const copied = url ? await this.copier.copy(url) : null;
    return copied?.startsWith('/uploads/') ? copied : '';
  }

  async comments(): Promise<void> {
    const now = this.options.now();
    await this.step(
      'comment',
      'comments',
      async (row: BbsGoComment) => ({
        content: await this.copier.rewrite(row.content),
        images: await Promise.all(imagesOf(row.image_list).map(async ({ url }) => ({ url: (await this.copier.copy(url)) ?? url }))),
      }),
      async (db, row, prepared) => {
        const status = statusReason(row.status);
        if (status) return this.skip('comment', row.id, status);
        const place = await this.placeOf(db, row);
        if ('skipped' in place) return this.skip('comment', row.id, place.skipped);
        const userId = await this.target('user', row.user_id);
        if (userId === undefined) return this.skip('comment', row.id, `author ${row.user_id} not imported`);
        const id = await importComment(
          db,
          { ...place, userId, content: prepared.content, contentType: contentTypeOf(row.content_type), images: prepared.images, ip: row.ip ?? '', userAgent: row.user_agent ?? '', createTime: time(row.create_time, now) },
          this.options.siteOrigin,
        );
        return id === null ? this.skip('comment', row.id, 'empty content') : { imported: id };
      },
    );
  }

  /**
   * Where a comment goes here: on a topic or article, or (bbs-go's `comment` entity) under the
   * top-level comment it replies to; a quoted reply under the same comment stays quoted.
   */
  private async placeOf(db: Kysely<DB>, row: BbsGoComment): Promise<{ entityType: string; entityId: number; parentId: number | null; quoteId: number | null } | { skipped: string }> {
    if (row.entity_type === 'topic' || row.entity_type === 'article') {
      const entityId = await this.target(row.entity_type, row.entity_id);
      if (entityId === undefined) return { skipped: `comment on a missing ${row.entity_type} (${row.entity_id})` };
      return { entityType: row.entity_type, entityId, parentId: null, quoteId: null };
    }
    if (row.entity_type !== 'comment') return { skipped: `comment on a ${row.entity_type}, which Sabai has no comments on` };
    const repliedTo = await this.target('comment', row.entity_id);
    const parent = repliedTo === undefined ? undefined : await lockedComment(db, repliedTo);
    if (!parent) return { skipped: `reply to a missing comment (${row.entity_id})` };
    const parentId = parent.parent_id ?? parent.id;
    const quoted = await this.target('comment', row.quote_id);
    const quote = quoted === undefined ? undefined : await lockedComment(db, quoted);
    return { entityType: parent.entity_type, entityId: parent.entity_id, parentId, quoteId: quote && quote.parent_id === parentId ? quote.id : null };
  }

  async reactions(kind: 'like' | 'favorite'): Promise<void> {
    const now = this.options.now();
    await this.step(
      kind,
      kind === 'like' ? 'likes' : 'favorites',
      async () => null,
      async (db, row: BbsGoReaction) => {
        const userId = await this.target('user', row.user_id);
        if (userId === undefined) return this.skip(kind, row.id, `member ${row.user_id} not imported`);
        const known = ['topic', 'article', ...(kind === 'like' ? ['comment'] : [])];
        if (!known.includes(row.entity_type)) return this.skip(kind, row.id, `a ${kind} of a ${row.entity_type}, which Sabai has none of`);
        const entityId = await this.target(row.entity_type as ImportKind, row.entity_id);
        if (entityId === undefined) return this.skip(kind, row.id, `${kind} of a missing ${row.entity_type} (${row.entity_id})`);
        const reaction = { userId, entityType: row.entity_type, entityId, createTime: time(row.create_time, now) };
        const added = kind === 'like' ? await importLike(db, reaction) : await importFavorite(db, reaction);
        return added ? { imported: 0 } : this.skip(kind, row.id, `the same ${kind} twice`);
      },
    );
  }

  async follows(): Promise<void> {
    const now = this.options.now();
    await this.step(
      'follow',
      'follows',
      async () => null,
      async (db, row) => {
        const userId = await this.target('user', row.user_id);
        const otherId = await this.target('user', row.other_id);
        if (userId === undefined || otherId === undefined) return this.skip('follow', row.id, `member ${userId === undefined ? row.user_id : row.other_id} not imported`);
        return (await importFollow(db, userId, otherId, time(row.create_time, now))) ? { imported: 0 } : this.skip('follow', row.id, 'the same follow twice, or of oneself');
      },
    );
  }

  async checkins(): Promise<void> {
    const now = this.options.now();
    await this.step(
      'checkin',
      'checkins',
      async () => null,
      async (db, row) => {
        const userId = await this.target('user', row.user_id);
        if (userId === undefined) return this.skip('checkin', row.id, `member ${row.user_id} not imported`);
        const added = await importCheckin(db, { userId, day: row.latest_day_name, consecutiveDays: row.consecutive_days, time: time(row.update_time, now) });
        return added ? { imported: 0 } : this.skip('checkin', row.id, 'the member already checked in that day here');
      },
    );
  }

  async scoreLogs(): Promise<void> {
    const now = this.options.now();
    await this.step(
      'scoreLog',
      'scoreLogs',
      async () => null,
      async (db, row) => {
        const userId = await this.target('user', row.user_id);
        if (userId === undefined) return this.skip('scoreLog', row.id, `member ${row.user_id} not imported`);
        const cause = SCORE_CAUSES[row.source_type ?? ''] ?? (row.source_type || 'other');
        const item = cause === 'topic' || cause === 'article' ? await this.target(cause, Number(row.source_id)) : undefined;
        const amount = (row.type === 1 ? -1 : 1) * Math.abs(row.score ?? 0);
        await importScoreLog(db, { userId, type: cause, amount, sourceType: item ? cause : '', sourceId: item ?? 0, createTime: time(row.create_time, now) });
        return { imported: 0 };
      },
    );
  }

  /** Site messages are read and counted, never imported: they tell of the old site's events, at its addresses. */
  async messages(): Promise<void> {
    const counts = this.report.counts.message;
    let after = 0;
    for (;;) {
      const rows = await this.options.source.batch('messages', after, 1000);
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      counts.read += rows.length;
    }
    counts.skipped = counts.read;
    if (counts.read > 0) this.report.skips.push({ kind: 'message', sourceId: 'all', reason: `${counts.read} notifications not carried over: they tell of the old site's events, at its addresses` });
    this.options.progress?.(`message: ${counts.read} read, none imported (notifications are not carried over)`);
  }
}
