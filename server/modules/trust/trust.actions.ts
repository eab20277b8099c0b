/**
 * The trust levels' actions (ADR 0021, issue 28): a member reads their own level; staff read any
 * member's and set one by hand (`trust:set`, moderators and admins), audited.
 */
import { trustActions } from '../../../common/actions/defences';
import { trustStateSchema } from '../../../common/views/defences';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { myTrust, setTrust, trustOf } from './trust.usecases';

export const trustActionList = [
  readAction(trustActions.mine, { who: who.reader(), personal: true, answer: trustStateSchema, run: myTrust }),
  readAction(trustActions.of, { who: who.staff('trust:set'), answer: trustStateSchema, run: trustOf }),
  writeAction(trustActions.set, { who: who.staff('trust:set'), limit: limit.none('a staff member’s decision on one member, audited'), answer: trustStateSchema, run: setTrust }),
];
