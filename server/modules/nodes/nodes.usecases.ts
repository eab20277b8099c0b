/**
 * The node use cases: the sections topics are posted in, as the JSON routes (`topic/nodes`,
 * `topic/node_navs`) and the page loaders read them.
 */
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import type { NodeDeleteInput, NodeInput, NodeUpdateInput, OrderInput } from '../../../common/validation/site-admin';
import type { OffsetPage } from '../../../common/views/moderation';
import type { AdminNodeView, NodeView } from '../../../common/views/node';
import { requireDb, type AppContext } from '../../context';
import type { NodeRow } from '../../db/schema';
import type { Caller, ViewerContext } from '../../kernel/caller';
import type { Actor } from '../../kernel/events';
import { runWrite } from '../../kernel/write';
import { authorize } from '../../policy/permissions';
import { uploadedImageOrRefuse } from '../uploads/uploads.api';
import { createNode, editNode, orderNode, removeNode } from './nodes.admin';
import { presentNode } from './nodes.presenter';
import { countActiveNodes, findNodesPage } from './nodes.repository';
import { findActiveNode, listNavNodes, listNodes } from './nodes.service';

/** Every active node, in display order. */
export async function nodeList(ctx: AppContext): Promise<NodeView[]> {
  return (await listNodes(requireDb(ctx))).map(presentNode);
}

/** The active nodes shown in the navigation. */
export async function navNodeList(ctx: AppContext): Promise<NodeView[]> {
  return (await listNavNodes(requireDb(ctx))).map(presentNode);
}

/** One active node, or null. */
export async function activeNode(ctx: AppContext, id: number): Promise<NodeView | null> {
  const node = await findActiveNode(requireDb(ctx), id);
  return node ? presentNode(node) : null;
}

// The back office (issue 17): admins only.

function actorOf(caller: Caller): Actor {
  authorize(caller.viewer, 'site:manage');
  return { id: caller.viewer.id, moderator: true, ip: caller.origin.ip };
}

function presentAdminNode(row: NodeRow): AdminNodeView {
  return { ...presentNode(row), inNav: row.in_nav === 1 };
}

/** GET admin/nodes: every active node in display order, a numbered page. */
export async function adminNodes(ctx: AppContext, viewer: ViewerContext, page: number): Promise<OffsetPage<AdminNodeView>> {
  authorize(viewer.viewer, 'site:manage');
  const db = requireDb(ctx);
  const offset = (page - 1) * ADMIN_PAGE_SIZE;
  const [rows, total] = await Promise.all([findNodesPage(db, offset, ADMIN_PAGE_SIZE), countActiveNodes(db)]);
  return { results: rows.map(presentAdminNode), total, page, pageSize: ADMIN_PAGE_SIZE };
}

export async function createNodeAsAdmin(ctx: AppContext, caller: Caller, input: NodeInput): Promise<AdminNodeView> {
  const actor = actorOf(caller);
  const logo = await uploadedImageOrRefuse(ctx, input.logo, 'logo', 'adminSite.validation.logoInvalid');
  return presentAdminNode(await runWrite(ctx, (scope) => createNode(scope, actor, { ...input, logo })));
}

export async function updateNodeAsAdmin(ctx: AppContext, caller: Caller, input: NodeUpdateInput): Promise<AdminNodeView> {
  const actor = actorOf(caller);
  const logo = await uploadedImageOrRefuse(ctx, input.logo, 'logo', 'adminSite.validation.logoInvalid');
  return presentAdminNode(await runWrite(ctx, (scope) => editNode(scope, actor, { ...input, logo })));
}

export async function orderNodeAsAdmin(ctx: AppContext, caller: Caller, input: OrderInput): Promise<void> {
  const actor = actorOf(caller);
  await runWrite(ctx, (scope) => orderNode(scope, actor, input));
}

export async function deleteNodeAsAdmin(ctx: AppContext, caller: Caller, input: NodeDeleteInput): Promise<void> {
  const actor = actorOf(caller);
  await runWrite(ctx, (scope) => removeNode(scope, actor, input));
}
