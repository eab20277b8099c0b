/**
 * The search page's choices, apart from the schemas in ./search.ts so the page can name them
 * without loading zod in the browser (issue 32).
 */

/** The search time ranges (spec §9), as API.md numbers them. */
export const SEARCH_TIME_RANGES = ['all', 'day', 'week', 'month', 'year'] as const;
export type SearchTimeRange = (typeof SEARCH_TIME_RANGES)[number];

/** The search tabs; `article` only while the article module is on. */
export const SEARCH_TABS = ['topic', 'article', 'user'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
