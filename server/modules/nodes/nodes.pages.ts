/** The nodes' slice of `context.site` (the topic pages' node lists and node headers, the back office's node table). */
import type { AppContext } from '../../context';
import { pageRead, type PageSlice } from '../../kernel/pages';
import { activeNode, adminNodes, navNodeList, nodeList } from './nodes.usecases';

export function nodePages(ctx: AppContext): PageSlice {
  return {
    topics: { nodes: () => nodeList(ctx), navNodes: () => navNodeList(ctx), node: (id) => activeNode(ctx, id) },
    adminSite: { nodes: pageRead(ctx, adminNodes) },
  };
}
