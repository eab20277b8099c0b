/**
 * One topic: its detail (with the view counted once per visitor per window, by the post rule of
 * publishing.views.ts) and its hidden content, which opens to the author, moderators and whoever
 * has commented.
 */
import type { Kysely } from 'kysely';
import type { HiddenContent } from '../../../common/views/topic';
import type { DB, TopicRow, UserRow } from '../../db/schema';
import type { ViewerContext } from '../../kernel/caller';
import type { Visit } from '../../kernel/kinds';
import { isModerator } from '../../policy/permissions';
import { countPostView } from '../publishing/publishing.api';
import type { TopicView } from './topics.presenter';
import { assembleTopics, visibleTopic } from './topics.read';
import { hasUserCommented } from './topics.seams';

/** GET topic/{id}: the topic with its sanitized content; counts the view when `visit` is given. */
export async function topicDetail(db: Kysely<DB>, id: number, context: ViewerContext, visit?: Visit): Promise<TopicView> {
  const row = await visibleTopic(db, id, context.viewer);
  if (visit && (await countPostView(db, { type: 'topic', table: 'topics' }, row, context.viewer, visit, context.now))) row.view_count += 1;
  const [view] = await assembleTopics(db, [row], context, true);
  return view!;
}

export type { HiddenContent };

/** Hidden content opens to the author, moderators and anyone who has commented. */
async function hiddenContentFor(db: Kysely<DB>, row: TopicRow, viewer: UserRow | null): Promise<HiddenContent> {
  const exists = row.hide_content !== '';
  if (!exists) return { exists, show: false, content: '' };
  const show = viewer !== null && (viewer.id === row.user_id || isModerator(viewer) || (await hasUserCommented(db, row.id, viewer.id)));
  return { exists, show, content: show ? row.hide_content_html : '' };
}

export async function topicHiddenContent(db: Kysely<DB>, topicId: number, viewer: UserRow | null): Promise<HiddenContent> {
  return hiddenContentFor(db, await visibleTopic(db, topicId, viewer), viewer);
}
