/** Lists and page outcomes, the same for the JSON API and the page loaders. */

/** A keyset page (API.md "Lists"). */
export interface Page<T> {
  results: T[];
  /** Pass back as `cursor` for the next page; '' when there is none. */
  cursor: string;
  hasMore: boolean;
}

/** A page-visible outcome: the value, or the status and the translated message to show. */
export type PageResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };
