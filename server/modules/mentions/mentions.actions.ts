/**
 * The mentions feature's actions (ADR 0021). The lookup answers writers only (it serves the
 * editor, which only members who may post open) and is limited per member and per address: an author types a
 * few letters per mention, a script walking the member list by prefixes is held back.
 */
import { z } from 'zod';
import { mentionActions } from '../../../common/actions/mentions';
import { mentionSuggestionSchema } from '../../../common/views/mentions';
import { clientKey, type RateRule } from '../../infra/rate-limiter';
import { limit, readAction, who } from '../../kernel/actions';
import { mentionSuggestions } from './mentions.usecases';

/** Lookups per member and per address: 60 a minute (one per keystroke, with the editor's short debounce). */
export const MENTION_LOOKUP_USER_RATE: RateRule = { name: 'mentions:user', max: 60, windowMs: 60_000 };
export const MENTION_LOOKUP_IP_RATE: RateRule = { name: 'mentions:ip', max: 120, windowMs: 60_000 };

const lookupLimit = limit.rules(
  [
    { rule: MENTION_LOOKUP_USER_RATE, key: 'user' },
    { rule: MENTION_LOOKUP_IP_RATE, key: ({ caller }) => (caller.origin.ip === '' ? null : clientKey(caller.origin.ip)) },
  ],
  { stage: 'beforeInput' },
);

export const mentionsActionList = [
  readAction(mentionActions.suggestions, { who: who.writer(), limit: lookupLimit, answer: z.array(mentionSuggestionSchema), run: mentionSuggestions }),
];
