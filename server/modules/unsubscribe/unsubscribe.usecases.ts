/**
 * The one-click unsubscribe's use cases (issue 27): a mail's signed token names one e-mail
 * preference of one member (messages.api `unsubscribeClaimOf`); the POST turns exactly that one
 * off through the messages feature's surface, the GET only sends the reader to the page that
 * asks first, and the page's read says what would be turned off. A token that is not ours (cut
 * short, changed, another site's) is a 400 on the `token` field, and nothing changes.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { unsubscribeActions } from '../../../common/actions/unsubscribe';
import type { Unsubscribed, UnsubscribePreview } from '../../../common/views/unsubscribe';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { MediaAnswer, ReadCall, WriteCall } from '../../kernel/actions';
import { setChannel, setDigest, unsubscribeClaimOf, UNSUBSCRIBE_PAGE, type UnsubscribeClaim } from '../messages/messages.api';
import { usersByIds } from '../users/users.api';

type TokenInput = ParsedInputOf<typeof unsubscribeActions.preview>;
type OneClickInput = ParsedInputOf<typeof unsubscribeActions.oneClick>;

const DELETED = 1;

/** The claim and its member, or the translated 400 on `token` (a deleted member's links are dead too). */
async function checkedClaim(db: Kysely<DB>, token: string): Promise<UnsubscribeClaim & { nickname: string }> {
  const claim = await unsubscribeClaimOf(db, token);
  const [member] = claim ? await usersByIds(db, [claim.userId]) : [];
  if (!claim || !member || member.status === DELETED) throw errors.validation({ token: 'unsubscribe.page.invalid' });
  return { ...claim, nickname: member.nickname };
}

/** The page's question: what the token would turn off, and whose. Reads only. */
export async function unsubscribePreview(call: ReadCall<TokenInput, undefined>): Promise<UnsubscribePreview> {
  const { target, nickname } = await checkedClaim(call.db, call.input.token);
  return { target, nickname };
}

/** The one-click POST: that one preference off (a kind's e-mail, or the digest's period 0). */
export async function unsubscribeOneClick(call: WriteCall<OneClickInput, undefined>): Promise<Unsubscribed> {
  const { db, now } = call.scope;
  const { userId, target } = await checkedClaim(db, call.input.token);
  if (target === 'digest') await setDigest(db, userId, 0, now);
  else await setChannel(db, userId, target, 'email', false, now);
  return { target };
}

/**
 * A GET of the List-Unsubscribe address: a person who clicked it, or a scanner prefetching every
 * link of a mail. Neither may change anything: 303 to the page, which asks first.
 */
export async function unsubscribeLinkRedirect(call: ReadCall<TokenInput, undefined>): Promise<MediaAnswer> {
  return { status: 303, type: 'text/plain; charset=utf-8', headers: { location: `${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(call.input.token)}` }, body: '' };
}
