/**
 * How a post's move from one counted placement to another changes a counter keyed by one of its
 * parts: each feature that counts posts (users, nodes, tags) asks for its own deltas.
 */
import type { Placement } from './content-events';

const one = (counted: boolean) => (counted ? 1 : 0);

/**
 * Deltas per key, for a counter keyed by a single value of the placement (user, node). A
 * placement without that part (an article has no node) moves nothing.
 */
export function singleKeyDeltas(before: Placement, after: Placement, keyOf: (p: Placement) => number | undefined): Map<number, number> {
  const deltas = new Map<number, number>();
  const add = (key: number | undefined, delta: number) => {
    if (key !== undefined) deltas.set(key, (deltas.get(key) ?? 0) + delta);
  };
  add(keyOf(before), -one(before.counted));
  add(keyOf(after), one(after.counted));
  return deltas;
}

/** Tags the post left (−1) and joined (+1) as a counted post. */
export function tagDeltas(before: Placement, after: Placement): { removed: number[]; added: number[] } {
  const removed = before.counted ? before.tagIds.filter((id) => !after.counted || !after.tagIds.includes(id)) : [];
  const added = after.counted ? after.tagIds.filter((id) => !before.counted || !before.tagIds.includes(id)) : [];
  return { removed, added };
}
