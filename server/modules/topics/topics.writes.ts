/**
 * Writing topics and tweets: create and edit, with their validation (node, title, content,
 * hidden content), by the post rules of publishing.writes.ts (review, who may edit, the order of
 * counts, row and tag links). Counters are handlers of `content.placementChanged` (users, nodes,
 * tags features); caches are handlers of `topic.created`/`topic.edited` (topics.feature.ts).
 */
import { countLinks } from '../trust/trust.api';
import type { Kysely } from 'kysely';
import { TOPIC_TYPES, type ContentType } from '../../../common/constants';
import type { TopicCreateInput, TopicEditInput } from '../../../common/validation/topic';
import type { DB, NewTopic, NodeRow, TopicRow, UserRow } from '../../db/schema';
import { errors, type MessageRef } from '../../infra/errors';
import type { IpLocation } from '../../infra/ip-location';
import type { WriteScope } from '../../kernel/events';
import { hasVisibleContent, imageListJson, renderContent } from '../content/content.api';
import { uploadAddressesIn, uploadImageFacts } from '../uploads/uploads.api';
import { findActiveNode, findDefaultNode, findNodeById } from '../nodes/nodes.api';
import type { Settings } from '../settings/settings.api';
import { actorOf, createPost, editPost, postForEditor, type PostWrite } from '../publishing/publishing.api';
import { tagsOf } from '../tags/tags.api';
import { presentTopicForEdit, type TopicEditView } from './topics.presenter';
import { findTopicById, insertTopic, updateTopic } from './topics.repository';

export interface CreatedTopic {
  row: TopicRow;
  node: NodeRow;
  tags: Array<{ id: number; name: string }>;
}

export interface WriteMeta {
  now: number;
  settings: Settings;
  /** PUBLIC_URL's origin, so links to this site stay direct. */
  siteOrigin: string | null;
}

export interface CreateMeta extends WriteMeta {
  ip: string;
  userAgent: string;
  location: IpLocation;
}

interface PreparedTopic {
  node: NodeRow;
  title: string;
  contentType: ContentType;
  content: string;
  contentHtml: string;
  summary: string;
  hideContent: string;
  hideContentHtml: string;
  imageList: string;
  text: string;
  hideText: string;
}

/**
 * The summary is renderContent's (about 200 graphemes); a grapheme may be several code points
 * (flags, emoji sequences), so the stored text is also capped in code points, under the
 * column's 512 characters.
 */
const SUMMARY_STORED_MAX = 500;

/**
 * The node a write goes to: the one asked for (it must be active); else, on an edit, the topic's
 * current node (an API client that leaves `nodeId` out does not move the topic); else the default.
 */
async function chooseNode(db: Kysely<DB>, nodeId: number | undefined, currentNodeId: number | undefined): Promise<NodeRow | undefined> {
  if (nodeId !== undefined) return findActiveNode(db, nodeId);
  if (currentNodeId !== undefined) return findNodeById(db, currentNodeId);
  return findDefaultNode(db);
}

/**
 * Validates what the database must answer (node) and what needs rendering (content), all fields
 * at once. `currentNodeId`: the edited topic's node.
 */
async function prepareTopic(db: Kysely<DB>, type: number, input: TopicEditInput, meta: WriteMeta, currentNodeId?: number): Promise<PreparedTopic> {
  const fields: Record<string, MessageRef> = {};
  const node = await chooseNode(db, input.nodeId, currentNodeId);
  if (!node) fields.nodeId = 'topic.validation.nodeNotFound';

  const isPost = type === TOPIC_TYPES.post;
  const title = isPost ? input.title : '';
  if (isPost && title === '') fields.title = 'topic.validation.titleRequired';

  const contentType: ContentType = input.contentType ?? (isPost ? 'html' : 'text');
  // The site's own uploads shown: their sizes and copies (ADR 0031), in one query.
  const addresses = [...uploadAddressesIn(input.content), ...uploadAddressesIn(input.hideContent), ...input.imageList.map((image) => image.url)];
  const images = await uploadImageFacts(db, addresses);
  const options = { siteOrigin: meta.siteOrigin, images };
  const rendered = renderContent(input.content, contentType, options);
  const visible = hasVisibleContent(rendered);
  if (isPost ? !visible : !visible && input.imageList.length === 0) fields.content = 'topic.validation.contentRequired';

  const hidden = input.hideContent.trim() === '' ? { html: '', text: '' } : renderContent(input.hideContent, contentType, options);
  const hiddenEmpty = !hasVisibleContent(hidden);

  if (Object.keys(fields).length > 0) throw errors.validation(fields);
  return {
    node: node!,
    title,
    contentType,
    content: input.content,
    contentHtml: rendered.html,
    summary: [...rendered.summary].slice(0, SUMMARY_STORED_MAX).join(''),
    hideContent: hiddenEmpty ? '' : input.hideContent,
    hideContentHtml: hiddenEmpty ? '' : hidden.html,
    imageList: imageListJson(input.imageList, images),
    text: rendered.text,
    hideText: hidden.text,
  };
}

/** The columns a create and an edit both write from the prepared fields. */
function preparedColumns(prepared: PreparedTopic) {
  return {
    node_id: prepared.node.id,
    title: prepared.title,
    content: prepared.content,
    content_type: prepared.contentType,
    content_html: prepared.contentHtml,
    summary: prepared.summary,
    image_list: prepared.imageList,
    hide_content: prepared.hideContent,
    hide_content_html: prepared.hideContentHtml,
  };
}

/** The post rules' view of a topic write: what a forbidden word is looked for in. */
function topicWrite(actor: UserRow, prepared: PreparedTopic, tags: readonly string[]): PostWrite {
  const images = (JSON.parse(prepared.imageList || '[]') as unknown[]).length;
  const links = countLinks(prepared.contentHtml) + countLinks(prepared.hideContentHtml) + images;
  return { kind: 'topic', actor, texts: { title: prepared.title, content: prepared.text, hideContent: prepared.hideText }, tags, links };
}

/**
 * POST topic/create, inside the write's transaction (`createPost`: review, counts, row, tag
 * links). Answers the new row with the node and tags it was written with, so the answer is
 * presented without reading the topic back.
 */
export async function createTopic(scope: WriteScope, author: UserRow, input: TopicCreateInput, meta: CreateMeta): Promise<CreatedTopic> {
  const prepared = await prepareTopic(scope.db, input.type, input, meta);
  const post = { ...topicWrite(author, prepared, input.tags), reviewNew: meta.settings.topicReview, origin: meta, nodeId: prepared.node.id };
  const values = { type: input.type, ...preparedColumns(prepared), sticky: 0, sticky_time: 0 };
  const { row, tags } = await createPost(scope, post, values, (full: NewTopic) => insertTopic(scope.db, full));
  await scope.emit('topic.created', { id: row.id, userId: author.id, status: row.status });
  return { row, node: prepared.node, tags };
}

/** The module switch of a topic type: a type switched off is refused with 403. */
export function assertTypeEnabled(settings: Pick<Settings, 'modules'>, type: number): void {
  if (type === TOPIC_TYPES.tweet && !settings.modules.tweet) throw errors.forbidden('topic.errors.tweetDisabled');
  if (type === TOPIC_TYPES.post && !settings.modules.topic) throw errors.forbidden('topic.errors.topicDisabled');
}

/**
 * The topic as an editor may reach it (the post rule: 404 for what they may not see; whether they
 * may change it is the action's target rule). `lock`: inside a transaction, lock the row (MySQL,
 * PostgreSQL) so a concurrent edit or delete waits and then starts from the status this one
 * leaves, instead of moving counters twice.
 */
export async function topicForEditor(db: Kysely<DB>, id: number, editor: UserRow, options: { lock?: boolean } = {}): Promise<TopicRow> {
  return postForEditor(await findTopicById(db, id, options), editor, 'topic.errors.notFound');
}

/** GET topic/edit/{id}: the raw editable fields of a topic the editor may change, with its tag names. */
export async function topicEditFields(db: Kysely<DB>, row: TopicRow): Promise<TopicEditView> {
  const tags = await tagsOf(db, 'topic', [row.id]);
  return presentTopicForEdit(
    row,
    tags.map((t) => t.name),
  );
}

/**
 * POST topic/edit/{id}, inside the write's transaction, on the row read locked (`editPost`: a forbidden word sends a
 * member's edit back to review; counts, row, tag links).
 */
export async function editTopic(scope: WriteScope, row: TopicRow, actor: UserRow, input: TopicEditInput, meta: WriteMeta & { ip: string }): Promise<void> {
  const prepared = await prepareTopic(scope.db, row.type, input, meta, row.node_id);
  const post = { ...topicWrite(actor, prepared, input.tags), row, nodes: [row.node_id, prepared.node.id] as const };
  const status = await editPost(scope, post, (status) => updateTopic(scope.db, row.id, { ...preparedColumns(prepared), status, update_time: meta.now }));
  await scope.emit('topic.edited', { id: row.id, userId: row.user_id, status, actor: actorOf(actor, meta.ip) });
}
