/**
 * Forbidden words (issue 16): the `forbidden_words` table, its admin routes and page slice, and
 * the screen every post and comment passes (`ctx.words`, words.screen.ts). A change drops this
 * process's cached list after commit; the audit row is the audit feature's handler of `words.changed`.
 */
import type { Feature } from '../../features';
import { wordsPages } from './words.pages';
import { wordsRoutes } from './words.routes';

export const wordsFeature: Feature = {
  name: 'words',
  api: wordsRoutes,
  pages: wordsPages,
  setup(ctx) {
    ctx.events.onCommit('words.changed', 'words', (_payload, app) => app.words.invalidate());
  },
};
