/**
 * Nodes: each node's published-topic count follows its topics (inside the write's transaction),
 * and the back office's node routes (issue 17).
 */
import type { Feature } from '../../features';
import { HANDLER_ORDER } from '../../kernel/events';
import { nodePages } from './nodes.pages';
import { nodeAdminRoutes } from './nodes.routes';
import { singleKeyDeltas } from '../../kernel/placement';
import { bumpNodeTopicCount } from './nodes.repository';

export const nodesFeature: Feature = {
  name: 'nodes',
  api: nodeAdminRoutes,
  pages: nodePages,
  setup(ctx) {
    ctx.events.onWrite('content.placementChanged', 'nodes', async ({ before, after }, { db, now }) => {
      for (const [nodeId, delta] of singleKeyDeltas(before, after, (p) => p.nodeId)) await bumpNodeTopicCount(db, nodeId, delta, now);
    }, { order: HANDLER_ORDER.nodeRows });
  },
};
