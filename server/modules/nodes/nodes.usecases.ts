/**
 * The node use cases: the sections topics are posted in, as the JSON routes (`topic/nodes`,
 * `topic/node_navs`) and the page loaders read them.
 */
import type { NodeView } from '../../../common/views/node';
import { requireDb, type AppContext } from '../../context';
import { presentNode } from './nodes.presenter';
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
