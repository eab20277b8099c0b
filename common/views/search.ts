/** What search answers (API.md `search/topic`, `search/article`, `search/user`), for the API and the page. */
import type { Page } from './page';

/** The search time ranges (spec §9), as API.md numbers them. */
export const SEARCH_TIME_RANGES = ['all', 'day', 'week', 'month', 'year'] as const;
export type SearchTimeRange = (typeof SEARCH_TIME_RANGES)[number];

/** The search tabs; `article` only while the article module is on. */
export const SEARCH_TABS = ['topic', 'article', 'user'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

/**
 * A hit's title and summary with the matched words marked: HTML made by the server, in which the
 * text is escaped and `<mark>`/`</mark>` is the only markup.
 */
export interface SearchHighlight {
  title: string;
  summary: string;
}

export interface SearchHit<T> {
  /** The item's id (lists key their entries by it). */
  id: number;
  item: T;
  highlight: SearchHighlight;
}

/** A page of results and how many there are in all (the same on every page of one search). */
/**
 * `total`: how many hits the search ranks; `totalCapped`: more matched than a search ranks (the
 * newest 1,000 matches are ranked), so the count reads "1,000+".
 */
export type SearchPage<T> = Page<T> & { total: number; totalCapped?: boolean };
