/** The nodes' slice of `context.site` (the topic pages' node lists and node headers). */
import type { AppContext } from '../../context';
import type { PageSlice } from '../../kernel/pages';
import { activeNode, navNodeList, nodeList } from './nodes.usecases';

export function nodePages(ctx: AppContext): PageSlice {
  return { topics: { nodes: () => nodeList(ctx), navNodes: () => navNodeList(ctx), node: (id) => activeNode(ctx, id) } };
}
