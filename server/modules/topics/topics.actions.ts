/**
 * The topics feature's actions (ADR 0021): who may call each, its limit, its guards, the topic it
 * acts on and the rule that judges it, its answer and the use case it runs. Routes and the pages'
 * reads are made from these; nothing else decides.
 */
import { z } from 'zod';
import { topicActions } from '../../../common/actions/topics';
import { TOPIC_TYPES } from '../../../common/constants';
import { topicTypeField } from '../../../common/validation/topic';
import { followedPostSchema } from '../../../common/views/follow';
import { nodeViewSchema } from '../../../common/views/node';
import { nothingSchema, pageOf } from '../../../common/views/page';
import { hiddenContentSchema, topicEditViewSchema, topicViewSchema } from '../../../common/views/topic';
import type { TopicRow } from '../../db/schema';
import { limit, readAction, who, writeAction, type Guard, type TargetRule } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import { feedReadLimit } from '../settings/settings.api';
import {
  createTopic,
  deleteTopic,
  editTopic,
  hiddenContent,
  navNodeList,
  nodeList,
  presentCreated,
  presentWritten,
  recommendTopic,
  setTopicCommentRules,
  stickTopic,
  tagTopicFeed,
  topicDetail,
  topicFeed,
  topicForEdit,
  userTopicCountsOf,
  userTopics,
} from './topics.usecases';
import { assertTypeEnabled, topicForEditor } from './topics.writes';

const VERIFY_MESSAGE = 'topic.errors.verifyEmail';

/**
 * POST topic/create: the type asked for must be switched on (403) before any field error — read
 * from the raw body as the schema reads it (absent: a post). A type the schema refuses is left to
 * the input's 400.
 */
const typeSwitchedOn: Guard = (_ctx, settings, raw) => {
  const type = topicTypeField.safeParse(raw.type ?? TOPIC_TYPES.post);
  if (type.success) assertTypeEnabled(settings, type.data);
};

/**
 * The topic of an edit, a delete or a moderator's flag, as the signed-in caller may reach it (404
 * otherwise; locked inside the write), and the rule of the shared table that judges its owner.
 */
function topicTarget(rule: 'content:edit' | 'content:delete' | null): TargetRule<{ id: number }, TopicRow> {
  const load: TargetRule<{ id: number }, TopicRow>['load'] = (db, { id }, caller, { lock }) => topicForEditor(db, id, memberOf(caller), { lock });
  return rule ? { load, can: [rule, (row) => ({ userId: row.user_id })] } : { load };
}

const topicPage = pageOf(topicViewSchema);

export const topicsActionList = [
  readAction(topicActions.navNodes, { who: who.anyone(), answer: z.array(nodeViewSchema), run: navNodeList }),
  readAction(topicActions.nodes, { who: who.anyone(), answer: z.array(nodeViewSchema), run: nodeList }),
  // Public feeds answer from the feed cache; −2 (followed members) is the follows feature's, topics and articles.
  readAction(topicActions.feed, { who: who.anyone(), limit: feedReadLimit, answer: pageOf(z.union([topicViewSchema, followedPostSchema])), run: topicFeed }),
  readAction(topicActions.tagFeed, { who: who.anyone(), limit: feedReadLimit, answer: topicPage, run: tagTopicFeed }),
  readAction(topicActions.ofUser, { who: who.anyone(), limit: feedReadLimit, answer: topicPage, run: userTopics }),
  readAction(topicActions.userCounts, { who: who.anyone(), answer: z.strictObject({ posts: z.number(), tweets: z.number() }), run: userTopicCountsOf }),
  readAction(topicActions.hiddenContent, { who: who.anyone(), answer: hiddenContentSchema, run: hiddenContent }),
  readAction(topicActions.detail, { who: who.anyone(), answer: topicViewSchema, run: topicDetail }),
  writeAction(topicActions.create, {
    who: who.verifiedWriter(VERIFY_MESSAGE),
    guards: [typeSwitchedOn],
    // A refused topic (a bad field, an unknown node) does not use up the allowance.
    limit: limit.allowance('topic', (settings) => settings.postLimits, [400]),
    answer: topicViewSchema,
    run: createTopic,
    present: presentCreated,
  }),
  // Opening one's own edit form needs no verified e-mail; saving it does.
  readAction(topicActions.forEdit, { who: who.writer(), answer: topicEditViewSchema, target: topicTarget('content:edit'), run: topicForEdit }),
  writeAction(topicActions.edit, {
    who: who.verifiedWriter(VERIFY_MESSAGE),
    limit: limit.none('edits change one’s own topics (moderators: anyone’s) in place: nothing piles up'),
    answer: topicViewSchema,
    target: topicTarget('content:edit'),
    run: editTopic,
    present: presentWritten,
  }),
  writeAction(topicActions.delete, {
    who: who.writer(),
    limit: limit.none('one delete per topic, of one’s own topics (moderators: anyone’s); nothing piles up'),
    answer: nothingSchema,
    target: topicTarget('content:delete'),
    run: deleteTopic,
  }),
  writeAction(topicActions.recommend, {
    who: who.writer({ can: 'content:moderate' }),
    limit: limit.none('moderators only, each change audited; asking twice changes nothing'),
    answer: topicViewSchema,
    target: topicTarget(null),
    run: recommendTopic,
    present: presentWritten,
  }),
  writeAction(topicActions.sticky, {
    who: who.writer({ can: 'content:moderate' }),
    limit: limit.none('moderators only, each change audited, at most stickyMax pinned'),
    answer: topicViewSchema,
    target: topicTarget(null),
    run: stickTopic,
    present: presentWritten,
  }),
  writeAction(topicActions.commentRules, {
    who: who.writer({ can: 'content:moderate' }),
    limit: limit.none('moderators only, each change audited; the same rules again change nothing'),
    answer: topicViewSchema,
    target: topicTarget(null),
    run: setTopicCommentRules,
    present: presentWritten,
  }),
];
