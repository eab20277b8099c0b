/**
 * The node use cases, one function per action (nodes.actions.ts declares who may call each, its
 * limit and its answer): one node for the node page, and the back office's table and writes
 * (issue 17). The node lists of the topic pages are the topics feature's actions (nodes.service
 * `nodeViews`).
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { nodeActions } from '../../../common/actions/nodes';
import { ADMIN_PAGE_SIZE } from '../../../common/validation/moderation';
import type { OffsetPage } from '../../../common/views/moderation';
import type { AdminNodeView, NodeView } from '../../../common/views/node';
import type { AppContext } from '../../context';
import type { NodeRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { actorOf } from '../../kernel/caller';
import { uploadedImageOrRefuse } from '../uploads/uploads.api';
import { createNode, editNode, orderNode, removeNode } from './nodes.admin';
import { presentNode } from './nodes.presenter';
import { countActiveNodes, findNodesPage } from './nodes.repository';
import { findActiveNode } from './nodes.service';

type Input<K extends keyof typeof nodeActions> = ParsedInputOf<(typeof nodeActions)[K]>;

/** One active node (the node page's header); 404 for an unknown or removed one. */
export async function activeNode({ db, input }: ReadCall<Input<'active'>, undefined>): Promise<NodeView> {
  const node = await findActiveNode(db, input.id);
  if (!node) throw errors.notFound('topic.errors.nodeNotFound');
  return presentNode(node);
}

// The back office (issue 17): admins only (the declarations' `who`).

function presentAdminNode(row: NodeRow): AdminNodeView {
  return { ...presentNode(row), inNav: row.in_nav === 1 };
}

/**
 * A logo must be an image this site stores (400 `fields.logo` otherwise). Checked in the write's
 * run, after the fields: a look at the upload storage, no row read or written.
 */
function storedLogo(ctx: AppContext, logo: string): Promise<string> {
  return uploadedImageOrRefuse(ctx, logo, 'logo', 'adminSite.validation.logoInvalid');
}

/** GET admin/nodes: every active node in display order, a numbered page. */
export async function adminNodes({ db, input }: ReadCall<Input<'adminList'>, undefined>): Promise<OffsetPage<AdminNodeView>> {
  const offset = (input.page - 1) * ADMIN_PAGE_SIZE;
  const [rows, total] = await Promise.all([findNodesPage(db, offset, ADMIN_PAGE_SIZE), countActiveNodes(db)]);
  return { results: rows.map(presentAdminNode), total, page: input.page, pageSize: ADMIN_PAGE_SIZE };
}

/** POST admin/node/create, inside the transaction: the node goes last in the order. */
export async function createNodeAsAdmin({ scope, ctx, caller, input }: WriteCall<Input<'create'>, undefined>): Promise<AdminNodeView> {
  const logo = await storedLogo(ctx, input.logo);
  return presentAdminNode(await createNode(scope, actorOf(caller), { ...input, logo }));
}

/** POST admin/node/update. */
export async function updateNodeAsAdmin({ scope, ctx, caller, input }: WriteCall<Input<'update'>, undefined>): Promise<AdminNodeView> {
  const logo = await storedLogo(ctx, input.logo);
  return presentAdminNode(await editNode(scope, actorOf(caller), { ...input, logo }));
}

/** POST admin/node/order. */
export async function orderNodeAsAdmin({ scope, caller, input }: WriteCall<Input<'order'>, undefined>): Promise<null> {
  await orderNode(scope, actorOf(caller), input);
  return null;
}

/** POST admin/node/delete: its topics move to `moveTo` first. */
export async function deleteNodeAsAdmin({ scope, caller, input }: WriteCall<Input<'delete'>, undefined>): Promise<null> {
  await removeNode(scope, actorOf(caller), input);
  return null;
}
