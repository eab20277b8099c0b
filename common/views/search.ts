/** What search answers (API.md `search/topic`, `search/article`, `search/user`), for the API and the page. */
import { z } from '../zod';
import type { Page } from './page';

export { SEARCH_TABS, SEARCH_TIME_RANGES, type SearchTab, type SearchTimeRange } from './search-choices';

/**
 * A hit's title and summary with the matched words marked: HTML made by the server, in which the
 * text is escaped and `<mark>`/`</mark>` is the only markup.
 */
export const searchHighlightSchema = z.strictObject({ title: z.string(), summary: z.string() }).meta({ id: 'SearchHighlight' });
export type SearchHighlight = z.infer<typeof searchHighlightSchema>;

export interface SearchHit<T> {
  /** The item's id (lists key their entries by it). */
  id: number;
  item: T;
  highlight: SearchHighlight;
}

/** The schema of a hit of `item`s. */
export function searchHitOf<T extends z.ZodType>(item: T) {
  return z.strictObject({ id: z.number(), item, highlight: searchHighlightSchema });
}

/** A page of results and how many there are in all (the same on every page of one search). */
/**
 * `total`: how many hits the search ranks; `totalCapped`: more matched than a search ranks (the
 * newest 1,000 matches are ranked), so the count reads "1,000+".
 */
export type SearchPage<T> = Page<T> & { total: number; totalCapped?: boolean };

/** The schema of a search page of `entry`s. */
export function searchPageOf<T extends z.ZodType>(entry: T) {
  return z.strictObject({ results: z.array(entry), cursor: z.string(), hasMore: z.boolean(), total: z.number(), totalCapped: z.boolean().optional() });
}
