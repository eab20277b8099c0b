/**
 * The search query (API.md `search/topic`, `search/article`, `search/user`; the /search page reads
 * the same fields from its URL). Messages are i18n keys (section `search`); the keyword's limit is
 * the search box's (spec §9: 30).
 */
import { z } from '../zod';
import { LIMITS } from '../constants';
import { SEARCH_TIME_RANGES } from '../views/search';
import { cursorField, idField } from './fields';

export const keywordField = z
  .string({ error: 'search.validation.keywordRequired' })
  .trim()
  .min(1, 'search.validation.keywordRequired')
  .max(LIMITS.searchInputMax, 'search.validation.keywordTooLong');

/** 0 all, 1 day, 2 week, 3 month, 4 year (API.md); absent or '' is all. */
export const timeRangeField = z.preprocess(
  (value) => (value === undefined || value === '' ? 0 : value),
  z.coerce.number({ error: 'search.validation.timeRangeInvalid' }).int('search.validation.timeRangeInvalid').min(0, 'search.validation.timeRangeInvalid').max(SEARCH_TIME_RANGES.length - 1, 'search.validation.timeRangeInvalid'),
);

/** Absent, '' or 0: every node. */
const nodeFilter = z.preprocess((value) => (value === '' || value === null || value === 0 || value === '0' ? undefined : value), idField.optional());

export const postSearchQuery = z.object({ keyword: keywordField, nodeId: nodeFilter, timeRange: timeRangeField, cursor: cursorField });
export type PostSearchInput = z.output<typeof postSearchQuery>;

export const userSearchQuery = z.object({ keyword: keywordField, cursor: cursorField });
export type UserSearchInput = z.output<typeof userSearchQuery>;
