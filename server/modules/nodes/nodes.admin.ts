/**
 * The back office's node writes (issue 17), inside the write's transaction: create, edit, move
 * in the display order, delete. A node is deleted only once no topic names it: its topics (of
 * every status) move to another node first (`node.topicsMoved`, whose handlers move the topics'
 * and the search documents' rows), and its published-topic count moves with them. Without a
 * node to move them to, a node with topics stays (409). The last node cannot go: new topics
 * need one.
 */
import type { NodeDeleteInput, NodeInput, NodeUpdateInput, OrderInput } from '../../../common/validation/site-admin';
import type { NodeRow } from '../../db/schema';
import { isForeignKeyViolation } from '../../db/helpers';
import { errors } from '../../infra/errors';
import type { Actor, WriteScope } from '../../kernel/events';
import { movedOrder, nextSortNo, renumbered } from '../../kernel/ordering';
import { bumpNodeTopicCount, countActiveNodes, deleteNodeRow, findNodeById, insertNode, lockNodeOrder, lockNodes, setNodeSortNo, updateNodeFields } from './nodes.repository';

type Fields = Omit<NodeInput, 'logo'> & { logo: string };

async function activeNodeOrRefuse(scope: WriteScope, id: number): Promise<NodeRow> {
  const node = await findNodeById(scope.db, id);
  if (!node || node.status !== 0) throw errors.notFound('adminSite.errors.nodeNotFound');
  return node;
}

export async function createNode(scope: WriteScope, actor: Actor, input: Fields): Promise<NodeRow> {
  const sortNo = nextSortNo(await lockNodeOrder(scope.db));
  const id = await insertNode(scope.db, { ...input, sortNo }, scope.now);
  await scope.emit('site.catalogChanged', { what: 'node', id, action: 'create', detail: { name: input.name }, actor });
  return (await findNodeById(scope.db, id))!;
}

export async function editNode(scope: WriteScope, actor: Actor, input: Omit<NodeUpdateInput, 'logo'> & { logo: string }): Promise<NodeRow> {
  const node = await activeNodeOrRefuse(scope, input.id);
  await updateNodeFields(scope.db, node.id, input, scope.now);
  await scope.emit('site.catalogChanged', { what: 'node', id: node.id, action: 'update', detail: { name: input.name, previousName: node.name }, actor });
  return { ...node, name: input.name, description: input.description, logo: input.logo, in_nav: input.inNav ? 1 : 0, update_time: scope.now };
}

/** Moves a node one step; the first up or the last down stays where it is (nothing recorded). */
export async function orderNode(scope: WriteScope, actor: Actor, input: OrderInput): Promise<void> {
  const rows = await lockNodeOrder(scope.db);
  if (!rows.some((row) => row.id === input.id)) throw errors.notFound('adminSite.errors.nodeNotFound');
  const order = movedOrder(
    rows.map((row) => row.id),
    input.id,
    input.direction,
  );
  if (!order) return;
  for (const { id, sortNo } of renumbered(rows, order)) await setNodeSortNo(scope.db, id, sortNo, scope.now);
  await scope.emit('site.catalogChanged', { what: 'node', id: input.id, action: 'order', detail: { direction: input.direction }, actor });
}

export async function removeNode(scope: WriteScope, actor: Actor, input: NodeDeleteInput): Promise<void> {
  const locked = await lockNodes(scope.db, input.moveTo === undefined ? [input.id] : [input.id, input.moveTo]);
  const node = locked.find((row) => row.id === input.id && row.status === 0);
  if (!node) throw errors.notFound('adminSite.errors.nodeNotFound');
  if ((await countActiveNodes(scope.db)) <= 1) throw errors.conflict('adminSite.errors.lastNode');
  if (input.moveTo !== undefined) {
    const target = locked.find((row) => row.id === input.moveTo && row.status === 0);
    if (!target) throw errors.validation({ moveTo: 'adminSite.validation.moveToUnknown' });
    await scope.emit('node.topicsMoved', { from: node.id, to: target.id });
    await bumpNodeTopicCount(scope.db, target.id, node.topic_count, scope.now);
  } else if (node.topic_count > 0) {
    throw errors.conflict('adminSite.errors.nodeHasTopics');
  }
  try {
    await deleteNodeRow(scope.db, node.id);
  } catch (error) {
    // Topics under review or deleted still name it (the count holds published ones only).
    if (isForeignKeyViolation(error)) throw errors.conflict('adminSite.errors.nodeHasTopics');
    throw error;
  }
  await scope.emit('site.catalogChanged', { what: 'node', id: node.id, action: 'delete', detail: { name: node.name, ...(input.moveTo === undefined ? {} : { movedTo: input.moveTo, topics: node.topic_count }) }, actor });
}
