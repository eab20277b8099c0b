/**
 * The write path as a whole: which features listen to which fact, and what a write costs.
 *   - the catalogue: every fact with the handlers its side effects need, by feature. Each
 *     handler's own test lives beside it, in its feature's folder
 *     (`server/modules/<feature>/<feature>.listeners.test.ts`, or the feature's other tests where
 *     they already prove it; `server/http/pages.listeners.test.ts` for the page cache's): removing
 *     a handler fails here and there;
 *   - query counts: topic and article create and their pages' reads stay within budget.
 */
import { articleActions } from '../../common/actions/articles';
import { commentActions } from '../../common/actions/comments';
import { topicActions } from '../../common/actions/topics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../tests/support/databases';
import { createUser, type CreatedUser } from '../../tests/support/factories';
import { withCountedDb } from '../../tests/support/query-counter';
import { createTestApp, NO_LIMIT, writeTestSettings, type TestApp } from '../../tests/support/test-app';

const START = 1_800_000_000_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

for (const dialect of await testDatabases()) {
  describe(`write path [${dialect}]`, () => {
    let t: TestApp;
    const clock = START;
    let member: CreatedUser;

    beforeAll(async () => {
      t = await createTestApp({ dialect, clock: { now: () => clock } });
      member = await createUser(t);
      await writeTestSettings(t, { postLimits: NO_LIMIT }, clock);
    });
    afterAll(async () => {
      await t?.close();
    });

    // The list: who listens to what. Each line's handlers are proved one by one in their own
    // features' folders (the `.listeners.test.ts` beside each `.feature.ts`, or its other tests).
    it('every fact has the handlers its side effects need (a handler removed fails here and in its own test)', () => {
      expect(t.ctx.events.describe()).toMatchObject({
        'content.placementChanged': ['users (write)', 'nodes (write)', 'tags (write)', 'trust (write)'],
        'comment.countsMoved': ['users (write)', 'trust (write)'],
        'comment.created': ['comments (write)', 'mentions (write)', 'scores (write)', 'embeds (write)', 'topics (commit)', 'articles (commit)', 'comments (commit)'],
        'reaction.changed': ['reactions (write)', 'scores (write)', 'trust (write)', 'reactions (commit)'],
        'content.statusChanged': ['mentions (write)', 'scores (write)', 'search (write)', 'moderation (write)', 'topics (commit)', 'articles (commit)', 'pages (commit)'],
        'content.flagged': ['moderation (write)', 'topics (commit)', 'articles (commit)', 'pages (commit)'],
        'topic.created': ['mentions (write)', 'scores (write)', 'search (write)', 'embeds (write)', 'topics (commit)', 'topics (commit)'],
        'topic.edited': ['mentions (write)', 'search (write)', 'embeds (write)', 'topics (commit)', 'topics (commit)'],
        'article.created': ['mentions (write)', 'scores (write)', 'search (write)', 'embeds (write)', 'articles (commit)', 'articles (commit)'],
        'article.edited': ['mentions (write)', 'search (write)', 'embeds (write)', 'articles (commit)', 'articles (commit)'],
        'follow.changed': ['users (write)', 'follows (write)', 'follows (commit)'],
        // The reply mail is a job of the transaction (modules/jobs, messages.test.ts); the unread push after it.
        'message.sent': ['messages (write)', 'push (write)', 'messages (commit)'],
        'message.read': ['messages (commit)'],
        'user.signedUp': ['auth (write)', 'trust (write)'],
        // A session opened cancels a scheduled erasure (account-data.test.ts, issue 29).
        'user.signedIn': ['account-data (write)'],
        'user.profileChanged': ['users (commit)'],
        'checkin.recorded': ['scores (write)', 'scores (commit)'],
        'score.changed': ['scores (commit)'],
        'content.held': ['review (write)'],
        'settings.changed': ['settings (write)', 'settings (commit)', 'settings (commit)', 'pwa (commit)'],
        'site.catalogChanged': ['site (write)', 'site (commit)', 'topics (commit)', 'articles (commit)'],
        'node.topicsMoved': ['topics (write)', 'search (write)'],
        // A forever ban may hide content (topics, articles, comments move their rows); the unban shows it again and tells the member.
        'user.banned': ['topics (write)', 'articles (write)', 'comments (write)', 'moderation (write)'],
        'user.unbanned': ['topics (write)', 'articles (write)', 'comments (write)', 'moderation (write)'],
        'user.roleChanged': ['moderation (write)'],
        'user.emailVerified': ['moderation (write)'],
        'words.changed': ['words (write)', 'words (commit)'],
        // VIP (issue 18): each handler's effect is asserted in modules/vip/vip.test.ts.
        'vip.activated': ['vip (write)', 'vip (write)'],
        'vip.rejected': ['vip (write)', 'vip (write)'],
        'vip.expiring': ['vip (write)'],
        'jobs.retried': ['jobs (commit)'],
        // Private conversations (issue 28): push and the e-mail job, then the live delivery; staff reads audited.
        'conversation.messageSent': ['conversations (write)', 'conversations (commit)'],
        'conversation.stateChanged': ['conversations (commit)'],
        'conversation.staffRead': ['conversations (write)'],
        'conversation.messageRemoved': ['conversations (write)'],
        // Reports (issue 28): the audit row, then the reporters' messages (reports.listeners.test.ts).
        'report.resolved': ['reports (write)', 'reports (write)'],
        // Issue 28: a block ends follows (follows.listeners.test.ts); warnings are audited and told (warnings.listeners.test.ts).
        'block.changed': ['follows (write)'],
        'warning.sent': ['warnings (write)'],
        'warning.acknowledged': ['warnings (write)'],
        // Defences (issue 28): modules/ipbans/ipbans.test.ts, modules/trust/trust.test.ts.
        'ipBan.changed': ['ipbans (write)', 'ipbans (commit)'],
        'trust.changed': ['trust (write)'],
      });
    });

    // Topic create was 15 queries and its page's reads 12 before the write path (ADR 0010). By
    // design in the same transaction: the author's score and its log row (issue 14) add two, the
    // search index two more (ADR 0015: the post's text read back, its document written), and on
    // MariaDB a third (the document's rows in its own term index). Mentions (issue 27) read the
    // stored HTML back: one more (a post that mentions someone costs the members' lookup too).
    // Trust levels (issue 28) two: the author's level read for the new-member rules, and their
    // level raised as the post counts (their counts and trust row, one read). Link previews
    // (ADR 0030) one: the stored HTML read back for its bare links (a post with one also enqueues
    // its preview job: one insert more).
    const termIndex = dialect === 'mysql' ? 1 : 0;
    const budgets = [
      { kind: 'topic', create: 16 + termIndex, page: 7 },
      { kind: 'article', create: 14 + termIndex, page: 6 },
    ] as const;
    for (const budget of budgets) {
      it(`query counts: ${budget.kind} create ≤ ${budget.create}; the ${budget.kind} page’s reads ≤ ${budget.page}`, async () => {
        // Settings and tags as a running forum has them (cached, and tags that exist); a new tag costs two more.
        const body = { title: 'Counted', content: '<p>Counted</p>', tags: ['counted', 'khao-soi'] };
        await t.post(`/api/${budget.kind}/create`, { ...body, title: 'Warm-up' }, { token: member.token });
        const create = await withCountedDb(t.ctx, () => t.post<{ id: number }>(`/api/${budget.kind}/create`, body, { token: member.token }));
        expect(create.result.status).toBe(200);
        expect(create.queries).toBeLessThanOrEqual(budget.create);
        const id = create.result.body.data!.id;
        const visit = { ip: '198.51.100.20', userAgent: BROWSER };
        const detail = () => (budget.kind === 'topic' ? t.read(topicActions.detail, { id }, { visit }) : t.read(articleActions.detail, { id }, { visit }));
        // What the item page's loaders read for an anonymous visitor (its view counted).
        const page = await withCountedDb(t.ctx, async () => {
          const item = await detail();
          const comments = await t.read(commentActions.list, { entityType: budget.kind, entityId: id });
          return item.ok && comments.ok;
        });
        expect(page.result).toBe(true);
        expect(page.queries).toBeLessThanOrEqual(budget.page);
      });
    }
  });
}
