/**
 * The feature boundary (DESIGN convention 13): a feature reaches another only through its public
 * surface, `modules/<feature>/<feature>.api.ts` — never its repository, presenter, service or
 * any other file. The rest of server/ (http, infra, db) holds to the same door; the kernel
 * imports no feature at all (tests/unit/folder-cycles.test.ts); only the composition root
 * (server/app.ts, server/features.ts, server/context.ts) also wires each feature's `.feature.ts`.
 * Test files are left out: a test may set up whatever it needs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'server');
const SOURCE = /\.(?:[cm]?ts|tsx)$/;
const TEST = /\.test\.(?:[cm]?ts|tsx)$/;

/** The composition root: it assembles the features, so it may name each one's `.feature.ts`. */
const COMPOSITION_ROOT = new Set(['app.ts', 'features.ts', 'context.ts', 'main.ts']);

/**
 * Imports across the boundary that the feature conversion (issue 26) has not removed yet, each
 * as `importing file → imported file`. This list only shrinks: an entry that no longer exists
 * fails the test too, so it is crossed out as it goes. It must be empty when the issue closes.
 */
const NOT_YET_THROUGH_THE_API: readonly string[] = [
  'app.ts → modules/auth/sweep',
  'app.ts → modules/settings/settings.service',
  'app.ts → modules/site/site.presenter',
  'app.ts → modules/uploads/images',
  'app.ts → modules/vip/vip.reminders',
  'app.ts → modules/words/words.screen',
  'context.ts → modules/settings/settings.service',
  'context.ts → modules/uploads/images',
  'context.ts → modules/words/words.screen',
  'features.ts → modules/content/content.routes',
  'features.ts → modules/install/install.routes',
  'features.ts → modules/seo/seo.routes',
  'features.ts → modules/site-settings/settings.feature',
  'features.ts → modules/uploads/uploads.routes',
  'http/request-context.ts → modules/auth/tokens.service',
  'http/session-user.ts → modules/users/users.presenter',
  'main.ts → modules/install/setup',
  'modules/articles/articles.feature.ts → modules/publishing/publishing.writes',
  'modules/articles/articles.kind.ts → modules/publishing/publishing.kind',
  'modules/articles/articles.kind.ts → modules/publishing/publishing.presenter',
  'modules/articles/articles.kind.ts → modules/publishing/publishing.repository',
  'modules/articles/articles.kind.ts → modules/settings/settings.schema',
  'modules/articles/articles.presenter.ts → modules/publishing/publishing.presenter',
  'modules/articles/articles.presenter.ts → modules/publishing/publishing.read',
  'modules/articles/articles.service.ts → modules/content/content.service',
  'modules/articles/articles.service.ts → modules/publishing/publishing.read',
  'modules/articles/articles.service.ts → modules/publishing/publishing.writes',
  'modules/articles/articles.service.ts → modules/settings/settings.schema',
  'modules/articles/articles.service.ts → modules/tags/tags.service',
  'modules/articles/articles.service.ts → modules/uploads/uploads.service',
  'modules/articles/articles.service.ts → modules/users/users.service',
  'modules/articles/articles.usecases.ts → modules/publishing/publishing.read',
  'modules/articles/articles.usecases.ts → modules/publishing/publishing.views',
  'modules/articles/articles.usecases.ts → modules/publishing/publishing.writes',
  'modules/articles/articles.usecases.ts → modules/settings/settings.schema',
  'modules/articles/articles.usecases.ts → modules/tags/tags.presenter',
  'modules/articles/articles.usecases.ts → modules/tags/tags.service',
  'modules/auth/account-mail.ts → modules/settings/settings.schema',
  'modules/auth/account.routes.ts → modules/users/users.presenter',
  'modules/auth/account.service.ts → modules/audit/audit.service',
  'modules/auth/account.service.ts → modules/users/users.repository',
  'modules/auth/account.service.ts → modules/users/users.service',
  'modules/auth/auth.routes.ts → modules/users/users.presenter',
  'modules/auth/auth.service.ts → modules/audit/audit.service',
  'modules/auth/auth.service.ts → modules/users/names',
  'modules/auth/auth.service.ts → modules/users/users.repository',
  'modules/auth/auth.service.ts → modules/users/users.service',
  'modules/auth/rate-rules.ts → modules/settings/settings.schema',
  'modules/auth/session.ts → modules/settings/settings.schema',
  'modules/auth/signin-guard.ts → modules/settings/settings.schema',
  'modules/comments/comments.kind.ts → modules/content/content.service',
  'modules/comments/comments.presenter.ts → modules/content/content.service',
  'modules/comments/comments.presenter.ts → modules/content/images',
  'modules/comments/comments.presenter.ts → modules/users/users.presenter',
  'modules/comments/comments.service.ts → modules/content/content.service',
  'modules/comments/comments.service.ts → modules/reactions/reactions.repository',
  'modules/comments/comments.service.ts → modules/users/users.repository',
  'modules/comments/comments.service.ts → modules/users/users.service',
  'modules/comments/comments.service.ts → modules/words/words.check',
  'modules/dashboard/dashboard.usecases.ts → modules/comments/comments.service',
  'modules/dashboard/dashboard.usecases.ts → modules/moderation/moderation.usecases',
  'modules/dashboard/dashboard.usecases.ts → modules/publishing/publishing.stats',
  'modules/dashboard/dashboard.usecases.ts → modules/scores/day',
  'modules/dashboard/dashboard.usecases.ts → modules/users/users.service',
  'modules/dashboard/dashboard.usecases.ts → modules/vip/vip.service',
  'modules/follows/follows.repository.ts → modules/publishing/publishing.repository',
  'modules/follows/follows.service.ts → modules/publishing/publishing.repository',
  'modules/follows/follows.service.ts → modules/users/users.presenter',
  'modules/follows/follows.service.ts → modules/users/users.service',
  'modules/install/install.service.ts → modules/auth/password',
  'modules/install/install.service.ts → modules/nodes/nodes.service',
  'modules/install/install.service.ts → modules/settings/settings.service',
  'modules/install/install.service.ts → modules/users/users.repository',
  'modules/install/install.service.ts → modules/users/users.service',
  'modules/links/links.routes.ts → modules/settings/read-limits',
  'modules/links/links.usecases.ts → modules/uploads/uploaded-image',
  'modules/messages/messages.presenter.ts → modules/users/users.presenter',
  'modules/messages/messages.service.ts → modules/auth/account-mail',
  'modules/messages/messages.service.ts → modules/content/content.service',
  'modules/messages/messages.service.ts → modules/users/users.repository',
  'modules/moderation/bans.service.ts → modules/users/users.service',
  'modules/moderation/moderation.usecases.ts → modules/audit/audit.service',
  'modules/moderation/moderation.usecases.ts → modules/users/users.presenter',
  'modules/moderation/moderation.usecases.ts → modules/users/users.service',
  'modules/nodes/nodes.usecases.ts → modules/uploads/uploaded-image',
  'modules/notices/notices.routes.ts → modules/settings/read-limits',
  'modules/notices/notices.service.ts → modules/content/content.service',
  'modules/publishing/publishing.presenter.ts → modules/content/content.service',
  'modules/publishing/publishing.presenter.ts → modules/users/users.presenter',
  'modules/publishing/publishing.read.ts → modules/reactions/reactions.service',
  'modules/publishing/publishing.read.ts → modules/tags/tags.service',
  'modules/publishing/publishing.read.ts → modules/users/users.service',
  'modules/publishing/publishing.writes.ts → modules/tags/tags.service',
  'modules/publishing/publishing.writes.ts → modules/words/words.check',
  'modules/review/review.content.ts → modules/comments/comments.service',
  'modules/review/review.content.ts → modules/content/content.service',
  'modules/review/review.content.ts → modules/publishing/publishing.moderation',
  'modules/review/review.content.ts → modules/publishing/publishing.presenter',
  'modules/review/review.content.ts → modules/publishing/publishing.repository',
  'modules/review/review.content.ts → modules/users/users.service',
  'modules/review/review.decisions.ts → modules/comments/comments.service',
  'modules/review/review.decisions.ts → modules/publishing/publishing.moderation',
  'modules/review/review.decisions.ts → modules/publishing/publishing.writes',
  'modules/review/review.queue.ts → modules/comments/comments.service',
  'modules/review/review.queue.ts → modules/publishing/publishing.moderation',
  'modules/review/review.queue.ts → modules/publishing/publishing.presenter',
  'modules/review/review.queue.ts → modules/publishing/publishing.repository',
  'modules/review/review.queue.ts → modules/users/users.service',
  'modules/scores/scores.service.ts → modules/settings/settings.schema',
  'modules/scores/scores.service.ts → modules/users/users.service',
  'modules/search/search.service.ts → modules/articles/articles.repository',
  'modules/search/search.service.ts → modules/articles/articles.service',
  'modules/search/search.service.ts → modules/content/content.service',
  'modules/search/search.service.ts → modules/topics/topics.kind',
  'modules/search/search.service.ts → modules/topics/topics.read',
  'modules/search/search.service.ts → modules/topics/topics.repository',
  'modules/search/search.service.ts → modules/users/users.presenter',
  'modules/search/search.service.ts → modules/users/users.repository',
  'modules/search/search.sources.ts → modules/articles/articles.repository',
  'modules/search/search.sources.ts → modules/content/content.service',
  'modules/search/search.sources.ts → modules/topics/topics.repository',
  'modules/search/search.usecases.ts → modules/articles/articles.kind',
  'modules/seo/seo.routes.ts → modules/articles/articles.kind',
  'modules/seo/seo.routes.ts → modules/articles/articles.service',
  'modules/seo/seo.routes.ts → modules/nodes/nodes.repository',
  'modules/seo/seo.routes.ts → modules/nodes/nodes.service',
  'modules/seo/seo.routes.ts → modules/publishing/publishing.repository',
  'modules/seo/seo.routes.ts → modules/topics/topics.repository',
  'modules/seo/seo.routes.ts → modules/users/users.repository',
  'modules/site-settings/settings.usecases.ts → modules/auth/account-mail',
  'modules/site-settings/settings.usecases.ts → modules/content/content.service',
  'modules/site-settings/settings.usecases.ts → modules/settings/settings.schema',
  'modules/site-settings/settings.usecases.ts → modules/settings/settings.service',
  'modules/site-settings/settings.usecases.ts → modules/uploads/uploads.service',
  'modules/site/site.presenter.ts → modules/settings/settings.schema',
  'modules/site/site.presenter.ts → modules/settings/settings.service',
  'modules/tags/tags.routes.ts → modules/settings/read-limits',
  'modules/topics/topics.cache.ts → modules/publishing/publishing.read',
  'modules/topics/topics.detail.ts → modules/publishing/publishing.views',
  'modules/topics/topics.feature.ts → modules/publishing/publishing.writes',
  'modules/topics/topics.feeds.ts → modules/nodes/nodes.service',
  'modules/topics/topics.feeds.ts → modules/tags/tags.service',
  'modules/topics/topics.feeds.ts → modules/users/users.repository',
  'modules/topics/topics.kind.ts → modules/publishing/publishing.kind',
  'modules/topics/topics.kind.ts → modules/publishing/publishing.presenter',
  'modules/topics/topics.kind.ts → modules/publishing/publishing.repository',
  'modules/topics/topics.moderation.ts → modules/publishing/publishing.writes',
  'modules/topics/topics.presenter.ts → modules/content/images',
  'modules/topics/topics.presenter.ts → modules/nodes/nodes.presenter',
  'modules/topics/topics.presenter.ts → modules/publishing/publishing.presenter',
  'modules/topics/topics.presenter.ts → modules/publishing/publishing.read',
  'modules/topics/topics.read.ts → modules/nodes/nodes.repository',
  'modules/topics/topics.read.ts → modules/publishing/publishing.read',
  'modules/topics/topics.routes.ts → modules/follows/follows.usecases',
  'modules/topics/topics.routes.ts → modules/nodes/nodes.usecases',
  'modules/topics/topics.routes.ts → modules/settings/read-limits',
  'modules/topics/topics.seams.ts → modules/comments/comments.service',
  'modules/topics/topics.usecases.ts → modules/publishing/publishing.read',
  'modules/topics/topics.usecases.ts → modules/settings/settings.schema',
  'modules/topics/topics.writes.ts → modules/content/content.service',
  'modules/topics/topics.writes.ts → modules/nodes/nodes.repository',
  'modules/topics/topics.writes.ts → modules/nodes/nodes.service',
  'modules/topics/topics.writes.ts → modules/publishing/publishing.writes',
  'modules/topics/topics.writes.ts → modules/settings/settings.schema',
  'modules/topics/topics.writes.ts → modules/tags/tags.service',
  'modules/uploads/uploads.routes.ts → modules/settings/settings.schema',
  'modules/uploads/uploads.service.ts → modules/settings/settings.schema',
  'modules/users/avatar.ts → modules/uploads/uploads.service',
  'modules/users/users.routes.ts → modules/uploads/uploads.service',
  'modules/vip/vip.mail.ts → modules/auth/account-mail',
  'modules/vip/vip.mail.ts → modules/users/users.service',
  'modules/vip/vip.reminders.ts → modules/users/users.service',
  'modules/vip/vip.service.ts → modules/users/users.service',
  'modules/vip/vip.usecases.ts → modules/settings/settings.service',
  'modules/vip/vip.usecases.ts → modules/users/users.service',
];

/** `modules/<feature>` of a server/-relative path, or null outside the feature folders. */
function featureOf(file: string): string | null {
  const parts = file.split('/');
  return parts[0] === 'modules' && parts.length > 2 ? (parts[1] ?? null) : null;
}

/** Whether `target` (server/-relative, no extension) is a door `file` may use into another feature. */
function allowed(file: string, target: string): boolean {
  const feature = featureOf(target);
  if (!feature) return true;
  if (featureOf(file) === feature) return true;
  const base = target.split('/').at(-1) ?? '';
  if (base === `${feature}.api`) return true;
  return COMPOSITION_ROOT.has(file) && base === `${feature}.feature`;
}

/** Every crossing of a feature's boundary by another door than its `.api.ts`, in one source file. */
export function crossings(file: string, source: string): string[] {
  const out: string[] = [];
  for (const { fileName: specifier } of ts.preProcessFile(source, true, true).importedFiles) {
    if (!specifier.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.(?:[cm]?ts|tsx|js)$/, '');
    if (target.startsWith('..')) continue;
    if (!allowed(file, target)) out.push(`${file} → ${target}`);
  }
  return out;
}

function serverCrossings(): string[] {
  const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => SOURCE.test(file) && !TEST.test(file));
  expect(files.length, 'server/ source files').toBeGreaterThan(50);
  return files.flatMap((file) => crossings(file, readFileSync(path.join(SERVER, file), 'utf8'))).sort();
}

describe('feature boundaries', () => {
  const found = serverCrossings();

  it('every import of another feature goes through its .api.ts', () => {
    const known = new Set(NOT_YET_THROUGH_THE_API);
    expect(found.filter((crossing) => !known.has(crossing))).toEqual([]);
  });

  it('the list of imports not yet through the api only shrinks', () => {
    const now = new Set(found);
    expect(NOT_YET_THROUGH_THE_API.filter((crossing) => !now.has(crossing))).toEqual([]);
  });

  it('sees a crossing, and only a real one', () => {
    expect(crossings('modules/seo/seo.routes.ts', "import { findRecentTopics } from '../topics/topics.repository';")).toEqual(['modules/seo/seo.routes.ts → modules/topics/topics.repository']);
    expect(crossings('modules/seo/seo.routes.ts', "import type { TopicView } from '../topics/topics.api';")).toEqual([]);
    expect(crossings('modules/topics/topics.usecases.ts', "import { x } from './topics.repository';\nimport { y } from '../../kernel/write';")).toEqual([]);
    expect(crossings('http/request-context.ts', "import { userForToken } from '../modules/auth/tokens.service';")).toEqual(['http/request-context.ts → modules/auth/tokens.service']);
    expect(crossings('features.ts', "import { topicsFeature } from './modules/topics/topics.feature';")).toEqual([]);
    expect(crossings('modules/vip/vip.feature.ts', "import { usersFeature } from '../users/users.feature';")).toEqual(['modules/vip/vip.feature.ts → modules/users/users.feature']);
  });
});
