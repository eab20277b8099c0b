/**
 * The users feature's actions (ADR 0021): who may call each, its limit, its answer and the use
 * case it runs. The routes are made from these; nothing else decides. Profile writes need a
 * writer (signed in, not banned); the account's security (e-mail, password, verification) is
 * auth's (auth.actions.ts).
 */
import { userActions } from '../../../common/actions/users';
import { currentUserSchema } from '../../../common/views/user';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { AVATAR_RATE } from './avatar';
import { changeAvatar, changeBackground, changeProfile, changeUsername, currentUser, presentChanged, vouchForAvatar, vouchForBackground } from './users.usecases';

export const usersActionList = [
  readAction(userActions.current, {
    who: who.anyone(),
    // The e-mail and roles, or null: which one depends on the cookie. Never stored anywhere.
    personal: true,
    answer: currentUserSchema.nullable(),
    run: currentUser,
  }),
  writeAction(userActions.update, {
    who: who.writer(),
    limit: limit.none('one’s own profile fields, rewritten in place: nothing piles up'),
    answer: currentUserSchema,
    run: changeProfile,
    present: presentChanged,
  }),
  writeAction(userActions.updateAvatar, {
    who: who.writer(),
    // Spent before the file or the address is read: trying a few pictures is normal, a stream of them is not.
    limit: limit.perUser(AVATAR_RATE, { stage: 'beforeInput' }),
    answer: currentUserSchema,
    prepare: vouchForAvatar,
    run: changeAvatar,
    present: presentChanged,
  }),
  writeAction(userActions.setUsername, {
    who: who.writer(),
    limit: limit.none('once per account: a second is refused'),
    answer: currentUserSchema,
    run: changeUsername,
    present: presentChanged,
  }),
  writeAction(userActions.updateBackground, {
    who: who.writer(),
    // Shares the avatar's allowance; spent once the input is valid, as before.
    limit: limit.perUser(AVATAR_RATE),
    answer: currentUserSchema,
    prepare: vouchForBackground,
    run: changeBackground,
    present: presentChanged,
  }),
];
