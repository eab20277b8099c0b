/**
 * The links feature's actions (ADR 0021): `link/list` (anyone; the feed reads' budget per
 * address) and the back office's table and writes (admins: `site:manage`, before the body's
 * field errors).
 */
import { linkActions } from '../../../common/actions/links';
import { linkViewSchema } from '../../../common/views/links';
import { offsetPageOf } from '../../../common/views/moderation';
import { nothingSchema, pageOf } from '../../../common/views/page';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { feedReadLimit } from '../settings/settings.api';
import { adminLinks, createLinkAsAdmin, deleteLinkAsAdmin, linkList, orderLinkAsAdmin, updateLinkAsAdmin } from './links.usecases';

const ADMIN_WRITE = 'an admin’s change of the friend links, audited; nothing piles up';

export const linksActionList = [
  readAction(linkActions.list, { who: who.anyone(), limit: feedReadLimit, answer: pageOf(linkViewSchema), run: linkList }),
  readAction(linkActions.table, { who: who.staff('site:manage'), answer: offsetPageOf(linkViewSchema), run: adminLinks }),
  writeAction(linkActions.create, { who: who.staff('site:manage'), limit: limit.none(ADMIN_WRITE), answer: linkViewSchema, run: createLinkAsAdmin }),
  writeAction(linkActions.update, { who: who.staff('site:manage'), limit: limit.none(ADMIN_WRITE), answer: linkViewSchema, run: updateLinkAsAdmin }),
  writeAction(linkActions.order, { who: who.staff('site:manage'), limit: limit.none(ADMIN_WRITE), answer: nothingSchema, run: orderLinkAsAdmin }),
  writeAction(linkActions.delete, { who: who.staff('site:manage'), limit: limit.none(ADMIN_WRITE), answer: nothingSchema, run: deleteLinkAsAdmin }),
];
