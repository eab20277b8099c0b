/**
 * The tags feature's actions (ADR 0021): the public tag list, one tag, autocomplete, and the back
 * office's tag table and writes (admins only: `site:manage`; 401 for nobody, 403 for everyone
 * else, before any field error). Routes and the pages' reads are made from these.
 */
import { tagActions } from '../../../common/actions/tags';
import { offsetPageOf } from '../../../common/views/moderation';
import { nothingSchema, pageOf } from '../../../common/views/page';
import { tagViewSchema } from '../../../common/views/tag';
import { z } from 'zod';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { autocompleteLimit, feedReadLimit } from '../settings/settings.api';
import { adminTags, deleteTagAsAdmin, mergeTagsAsAdmin, publicTag, renameTagAsAdmin, tagAutocomplete, tagList } from './tags.usecases';

const admins = who.staff('site:manage');
const BACK_OFFICE = limit.none('the back office: admins only, each write audited; nothing a member can repeat');

export const tagsActionList = [
  readAction(tagActions.list, { who: who.anyone(), limit: feedReadLimit, answer: pageOf(tagViewSchema), run: tagList }),
  // A read sent as POST (the typed text in the body): a ban closes no reading.
  readAction(tagActions.autocomplete, { who: who.anyone('a read (POST for the typed text), writes nothing'), limit: autocompleteLimit, answer: z.array(tagViewSchema), run: tagAutocomplete }),
  readAction(tagActions.get, { who: who.anyone(), answer: tagViewSchema, run: publicTag }),
  readAction(tagActions.adminList, { who: admins, answer: offsetPageOf(tagViewSchema), run: adminTags }),
  writeAction(tagActions.rename, { who: admins, limit: BACK_OFFICE, answer: tagViewSchema, run: renameTagAsAdmin }),
  writeAction(tagActions.merge, { who: admins, limit: BACK_OFFICE, answer: tagViewSchema, run: mergeTagsAsAdmin }),
  writeAction(tagActions.delete, { who: admins, limit: BACK_OFFICE, answer: nothingSchema, run: deleteTagAsAdmin }),
];
