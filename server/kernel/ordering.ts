/**
 * Display order moved one step (the back office's up/down buttons: nodes, friend links). Rows
 * keep their order in `sort_no` (ties broken by id); a move answers the new order of every row,
 * numbered 1…n, so ties left by older rows never make a move do nothing.
 */

/** The ids in their new order, or null when the row cannot move that way (first up, last down, unknown). */
export function movedOrder(ids: readonly number[], id: number, direction: 'up' | 'down'): number[] | null {
  const at = ids.indexOf(id);
  const to = direction === 'up' ? at - 1 : at + 1;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  next[at] = ids[to]!;
  next[to] = id;
  return next;
}

/** The `sort_no` each row must get for `order` (1…n), only for the rows whose number changes. */
export function renumbered(rows: ReadonlyArray<{ id: number; sort_no: number }>, order: readonly number[]): Array<{ id: number; sortNo: number }> {
  const current = new Map(rows.map((row) => [row.id, row.sort_no]));
  return order.map((id, index) => ({ id, sortNo: index + 1 })).filter(({ id, sortNo }) => current.get(id) !== sortNo);
}

/** The `sort_no` a new row gets: after every other. */
export function nextSortNo(rows: ReadonlyArray<{ sort_no: number }>): number {
  return rows.reduce((max, row) => Math.max(max, row.sort_no), 0) + 1;
}
