/**
 * The IP bans' actions (ADR 0021, issue 28): admins list, add and remove bans (`ipBans:manage`);
 * moderators ban members, not networks, which can shut out a whole café or campus.
 */
import { ipBanActions } from '../../../common/actions/defences';
import { ipBanRemovedSchema, ipBanViewSchema } from '../../../common/views/defences';
import { pageOf } from '../../../common/views/page';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { createBan, deleteBanOf, listBans } from './ipbans.usecases';

const ADMIN_WRITE = 'an admin’s change to the ban list, audited; nothing piles up that the admin did not add';

export const ipBansActionList = [
  readAction(ipBanActions.list, { who: who.staff('ipBans:manage'), answer: pageOf(ipBanViewSchema), run: listBans }),
  writeAction(ipBanActions.create, { who: who.staff('ipBans:manage'), limit: limit.none(ADMIN_WRITE), answer: ipBanViewSchema, run: createBan }),
  writeAction(ipBanActions.remove, { who: who.staff('ipBans:manage'), limit: limit.none(ADMIN_WRITE), answer: ipBanRemovedSchema, run: deleteBanOf }),
];
