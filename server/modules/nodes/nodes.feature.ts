/**
 * Nodes: one node for the node page and the back office's node actions (issue 17); each node's
 * published-topic count follows its topics (inside the write's transaction).
 */
import type { Feature } from '../../kernel/feature';
import { HANDLER_ORDER } from '../../kernel/events';
import { singleKeyDeltas } from '../../kernel/placement';
import { nodesActionList } from './nodes.actions';
import { bumpNodeTopicCount } from './nodes.repository';

export const nodesFeature: Feature = {
  name: 'nodes',
  actions: nodesActionList,
  setup(ctx) {
    ctx.events.onWrite('content.placementChanged', 'nodes', async ({ before, after }, { db, now }) => {
      for (const [nodeId, delta] of singleKeyDeltas(before, after, (p) => p.nodeId)) await bumpNodeTopicCount(db, nodeId, delta, now);
    }, { order: HANDLER_ORDER.nodeRows });
  },
};
