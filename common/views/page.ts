/** Lists and page outcomes, the same for the JSON API and the page loaders. */
import { z } from '../zod';

/** A keyset page (API.md "Lists"). */
export interface Page<T> {
  results: T[];
  /** Pass back as `cursor` for the next page; '' when there is none. */
  cursor: string;
  hasMore: boolean;
}

/** The schema of a keyset page of `item`s (an action's declared answer). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.strictObject({ results: z.array(item), cursor: z.string(), hasMore: z.boolean() });
}

/** A page-visible outcome: the value, or the status and the translated message to show. */
export type PageResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/** An answer with nothing in it (`data: null`): a delete, a sign-out. */
export const nothingSchema = z.null();
