/**
 * The one-click unsubscribe's actions (issue 27): anyone (the token is the authority, no sign-in;
 * a ban keeps it open: stopping mail is never refused), unlimited (see below).
 */
import { unsubscribeActions } from '../../../common/actions/unsubscribe';
import { unsubscribedSchema, unsubscribePreviewSchema } from '../../../common/views/unsubscribe';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { unsubscribeLinkRedirect, unsubscribeOneClick, unsubscribePreview } from './unsubscribe.usecases';

const TOKEN_IS_THE_PERMISSION =
  'a token is an HMAC-SHA256 signature (guessing one is hopeless) and each call can only turn one mail off; a mail provider POSTs many members’ unsubscribes from a few addresses, which a per-address limit would refuse';

export const unsubscribeActionList = [
  writeAction(unsubscribeActions.oneClick, {
    who: who.anyone('stopping mail is never refused, banned or not'),
    limit: limit.none(TOKEN_IS_THE_PERMISSION),
    answer: unsubscribedSchema,
    run: unsubscribeOneClick,
  }),
  readAction(unsubscribeActions.link, { who: who.anyone(), answer: { media: 'text/plain' }, run: unsubscribeLinkRedirect }),
  readAction(unsubscribeActions.preview, { who: who.anyone(), answer: unsubscribePreviewSchema, run: unsubscribePreview }),
];
