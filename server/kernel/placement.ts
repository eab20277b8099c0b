/**
 * How a topic's move from one counted placement to another changes a counter keyed by one of its
 * parts: each feature that counts topics (users, nodes, tags) asks for its own deltas.
 */
import type { TopicPlacement } from './events';

const one = (counted: boolean) => (counted ? 1 : 0);

/** Deltas per key, for a counter keyed by a single value of the placement (user, node). */
export function singleKeyDeltas(before: TopicPlacement, after: TopicPlacement, keyOf: (p: TopicPlacement) => number): Map<number, number> {
  const deltas = new Map<number, number>();
  deltas.set(keyOf(before), (deltas.get(keyOf(before)) ?? 0) - one(before.counted));
  deltas.set(keyOf(after), (deltas.get(keyOf(after)) ?? 0) + one(after.counted));
  return deltas;
}

/** Tags the topic left (−1) and joined (+1) as a counted topic. */
export function tagDeltas(before: TopicPlacement, after: TopicPlacement): { removed: number[]; added: number[] } {
  const removed = before.counted ? before.tagIds.filter((id) => !after.counted || !after.tagIds.includes(id)) : [];
  const added = after.counted ? after.tagIds.filter((id) => !before.counted || !before.tagIds.includes(id)) : [];
  return { removed, added };
}
