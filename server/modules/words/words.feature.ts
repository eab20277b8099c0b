/**
 * Forbidden words (issue 16): the `forbidden_words` table, its back-office actions, and
 * the screen every post and comment passes (`ctx.words`, words.screen.ts). A change drops this
 * process's cached list after commit; each change is audited.
 */
import type { Feature } from '../../kernel/feature';
import { recordAudit } from '../audit/audit.api';
import { wordsActionList } from './words.actions';

export const wordsFeature: Feature = {
  name: 'words',
  actions: wordsActionList,
  setup(ctx) {
    ctx.events.onCommit('words.changed', 'words', (_payload, app) => app.words.invalidate());
    // What was added, changed (and from what) or removed, in the audit log.
    ctx.events.onWrite('words.changed', 'words', async ({ change, word, before, actor }, { db, now }) => {
      const detail = { pattern: word.pattern, kind: word.kind, action: word.action, ...(before ? { previousPattern: before.pattern, previousKind: before.kind, previousAction: before.action } : {}) };
      await recordAudit(db, { actorId: actor.id, action: `word.${change}`, targetType: 'word', targetId: word.id, detail, ip: actor.ip, time: now });
    });
  },
};
