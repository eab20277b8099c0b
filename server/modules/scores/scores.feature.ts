/**
 * Check-in, scores and rankings (issue 14). Every score change is an in-transaction handler of
 * the fact that caused it, so the log row, the member's score and the cause commit or roll back
 * together; the rankings' short cache is dropped after the commit.
 */
import { CONTENT_STATUS } from '../../../common/constants';
import type { Feature } from '../../kernel/feature';
import type { ContentHead } from '../../kernel/kinds';
import type { WriteScope } from '../../kernel/events';
import { scoresActionList } from './scores.actions';
import { applyScore, NO_SOURCE, rulesOf, takeBack, unlink, type ScoreRules, type ScoreSource } from './scores.service';
import { dropRankings } from './scores.usecases';
import { deleteScoresOf } from './scores.repository';

/** The post kinds that earn a score of their own, and the rule and log types of each. */
const POSTS = {
  topic: { rule: 'topic', earned: 'topic', lost: 'topicDeleted' },
  article: { rule: 'article', earned: 'article', lost: 'articleDeleted' },
} as const satisfies Record<string, { rule: keyof ScoreRules; earned: string; lost: string }>;

function postOf(type: string) {
  return type === 'topic' || type === 'article' ? POSTS[type] : null;
}

/** Where a change about `head` links: the post, or the post a comment belongs to and the comment. */
function sourceOf(head: Pick<ContentHead, 'type' | 'id' | 'root'>): ScoreSource {
  return head.type === 'comment' ? { type: head.root.type, id: head.root.id, commentId: head.id } : { type: head.type, id: head.id, commentId: 0 };
}

async function postCreated(scope: WriteScope, type: 'topic' | 'article', payload: { id: number; userId: number; status: number }): Promise<void> {
  if (payload.status !== CONTENT_STATUS.published) return;
  const rules = await rulesOf(scope);
  await applyScore(scope, payload.userId, POSTS[type].earned, rules[POSTS[type].rule], { type, id: payload.id, commentId: 0 }, rules);
}

/** A post or comment left or entered the published state: its score is taken back or given. */
async function statusChanged(scope: WriteScope, head: ContentHead, from: number, to: number): Promise<void> {
  const rules = await rulesOf(scope);
  const source = sourceOf(head);
  const post = postOf(head.type);
  if (post) {
    if (from === CONTENT_STATUS.published) await takeBack(scope, head.ownerId, post.lost, source, [post.earned], rules);
    else if (to === CONTENT_STATUS.published) await applyScore(scope, head.ownerId, post.earned, rules[post.rule], source, rules);
    if (to === CONTENT_STATUS.deleted) await unlink(scope, source);
  } else if (head.type === 'comment' && from === CONTENT_STATUS.published) {
    await takeBack(scope, head.ownerId, 'commentDeleted', source, ['comment'], rules);
  } else if (head.type === 'comment' && to === CONTENT_STATUS.published && from !== CONTENT_STATUS.pending) {
    // Shown again (an unban): it earns as a new comment does. An approved one earns by the
    // `comment.created` its approval records, as a comment published at once does.
    await applyScore(scope, head.ownerId, 'comment', rules.comment, source, rules);
  }
}

export const scoresFeature: Feature = {
  name: 'scores',
  actions: scoresActionList,
  setup(ctx) {
    // An erased member (issue 29): their check-ins and score log go.
    ctx.events.onWrite('user.erased', 'scores', ({ userId }, { db }) => deleteScoresOf(db, userId));

    const { events } = ctx;
    events.onWrite('checkin.recorded', 'scores', async ({ userId, score }, scope) => {
      await applyScore(scope, userId, 'checkin', score, NO_SOURCE, await rulesOf(scope));
    });
    events.onWrite('topic.created', 'scores', (payload, scope) => postCreated(scope, 'topic', payload));
    events.onWrite('article.created', 'scores', (payload, scope) => postCreated(scope, 'article', payload));
    events.onWrite('comment.created', 'scores', async ({ id, authorId, item }, scope) => {
      const rules = await rulesOf(scope);
      await applyScore(scope, authorId, 'comment', rules.comment, { type: item.root.type, id: item.root.id, commentId: id }, rules);
    });
    events.onWrite('content.statusChanged', 'scores', ({ head, from, to }, scope) => statusChanged(scope, head, from, to));
    events.onWrite('reaction.changed', 'scores', async ({ reaction, on, actorId, item }, scope) => {
      // A like of one's own post earns nothing.
      if (reaction !== 'like' || item.ownerId === actorId) return;
      const rules = await rulesOf(scope);
      if (on) await applyScore(scope, item.ownerId, 'like', rules.likeReceived, sourceOf(item), rules);
      else await takeBack(scope, item.ownerId, 'likeRemoved', sourceOf(item), ['like'], rules, rules.likeReceived);
    });
    events.onCommit('score.changed', 'scores', (_payload, app) => dropRankings(app));
    events.onCommit('checkin.recorded', 'scores', (_payload, app) => dropRankings(app));
  },
};
