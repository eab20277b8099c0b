/** `GET viewer/parts` (issue 32): the page's item, its first comments' ids, and whether its hidden content is asked. */
import { z } from '../zod';
import { idField } from './fields';

/** At most this many comment ids: an item page's first page of comments with their first replies. */
export const VIEWER_COMMENTS_MAX = 200;

/** Comma-separated ids as a query spells them (`12,13,40`), or an array of ids; each as `idField` reads one. */
const commentIds = z.preprocess((value) => (typeof value === 'string' ? (value === '' ? [] : value.split(',')) : value), z.array(idField).max(VIEWER_COMMENTS_MAX, 'validation.invalid'));

const flag = z.preprocess((value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' || value === '' ? false : value), z.boolean({ error: 'validation.invalid' }));

export const viewerPartsQuery = z
  .object({
    /** The kind of the item the page shows, with its id; neither for a page without one (a feed). */
    itemType: z.enum(['topic', 'article']).optional(),
    itemId: idField.optional(),
    /** The comments shown on it: which of them the reader liked. */
    comments: commentIds.optional(),
    /** A topic with hidden content: whether it opens to this reader. */
    hidden: flag.optional(),
  })
  .refine((query) => (query.itemType === undefined) === (query.itemId === undefined), { message: 'validation.invalid', path: ['itemId'] });
