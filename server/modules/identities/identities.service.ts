/**
 * Sign-in providers' rules (ADR 0035): which are switched on, their secrets, an account's ways
 * in, and what a provider's answer does — sign in the member it is linked to, link it to the
 * member who started the trip signed in, or make a new account. Never by a matching e-mail: an
 * account is reached only through a linked identity or a session of its own.
 */
import type { Kysely } from 'kysely';
import { cleanName } from '../../../common/validation/names';
import { LIMITS, type Locale } from '../../../common/constants';
import { PROVIDER_IDS, type ProviderConfig, type ProviderId, type SignInProvidersSettings } from '../../../common/validation/identities';
import type { EnabledProviderView } from '../../../common/views/identities';
import type { DB, UserIdentityRow, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/helpers';
import { AppError, errors } from '../../infra/errors';
import type { WriteScope } from '../../kernel/events';
import { existingSiteSecret, storeSiteSecret } from '../settings/settings.api';
import { assertNamesFree, createMember, findUserByEmail, findUserById, findUsersByName } from '../users/users.api';
import { hasPhone } from '../phone/phone.api';
import { hasPasskey } from '../security/security.api';
import { PROVIDER_NAMES, ProviderError, type ProviderProfile } from './identities.providers';
import { countIdentitiesOfUser, deleteIdentity, findIdentity, identitiesOfUser, insertIdentity, refreshIdentity } from './identities.repository';

/** The site secret holding a provider's client secret. */
export function secretName(provider: ProviderId): string {
  return `signin_${provider}_client_secret`;
}

export function providerSecret(db: Kysely<DB>, provider: ProviderId): Promise<string | null> {
  return existingSiteSecret(db, secretName(provider));
}

export function setProviderSecret(db: Kysely<DB>, provider: ProviderId, secret: string, now: number): Promise<void> {
  return storeSiteSecret(db, secretName(provider), secret, now);
}

/** The name on a provider's button: its brand, or a generic provider's own name. */
export function providerName(provider: ProviderId, config: Pick<ProviderConfig, 'name'>): string {
  return provider === 'oidc' && config.name ? config.name : PROVIDER_NAMES[provider];
}

/** The providers a visitor may use now: switched on with a client id. */
export function enabledProviders(settings: SignInProvidersSettings): EnabledProviderView[] {
  return PROVIDER_IDS.filter((id) => settings[id].enabled && settings[id].clientId !== '' && (id !== 'oidc' || settings[id].issuer !== '')).map((id) => ({
    id,
    name: providerName(id, settings[id]),
  }));
}

/**
 * How many ways into this account there are: a password, each linked provider, passkeys, a phone. Unlinking is
 * refused when it would leave none. Other ways in (a phone number, passkeys) add their count
 * here, so every "last way in" rule reads one number.
 */
export async function waysIn(db: Kysely<DB>, userId: number): Promise<number> {
  const user = await findUserById(db, userId);
  if (!user) return 0;
  return (user.password_hash ? 1 : 0) + (await countIdentitiesOfUser(db, userId)) + ((await hasPasskey(db, userId)) ? 1 : 0) + ((await hasPhone(db, userId)) ? 1 : 0);
}

/** Unlinks one of the member's providers unless it is their last way in (409). */
export async function unlinkProvider(db: Kysely<DB>, userId: number, provider: ProviderId): Promise<void> {
  const ways = await waysIn(db, userId);
  const linked = (await identitiesOfUser(db, userId)).some((row) => row.provider === provider);
  if (!linked) throw errors.notFound('signInProviders.errors.notLinked');
  if (ways <= 1) throw errors.conflict('signInProviders.errors.lastWayIn');
  await deleteIdentity(db, userId, provider);
}

/** The member's linked providers, oldest first. */
export function linkedIdentities(db: Kysely<DB>, userId: number): Promise<UserIdentityRow[]> {
  return identitiesOfUser(db, userId);
}

const SUFFIX_TRIES = 6;

/** A nickname for a new account from the provider's name: cleaned, cut, and changed when it passes for a staff name or is taken. */
async function freeNickname(db: Kysely<DB>, wanted: string): Promise<string> {
  const base = cleanName(wanted).slice(0, LIMITS.nicknameMax) || 'member';
  for (let attempt = 0; attempt < SUFFIX_TRIES; attempt++) {
    const name = attempt === 0 ? base : `${base.slice(0, LIMITS.nicknameMax - 5)}_${Math.floor(1000 + Math.random() * 9000)}`;
    try {
      await assertNamesFree(db, { nickname: name }, null);
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    const same = await findUsersByName(db, name, null, 20);
    if (same.some((user) => user.nickname.toLowerCase() === name.toLowerCase())) continue;
    return name;
  }
  return `member_${Date.now().toString(36)}`;
}

/** What the callback did: a member to sign in (a session to open), or a provider linked to the signed-in member. */
export type Outcome = { kind: 'signIn'; user: UserRow; created: boolean } | { kind: 'linked'; user: UserRow };

/**
 * A provider's answer applied, inside the callback's transaction. `linkUserId`: the member who
 * started the trip signed in (and is still signed in as that member), else 0.
 */
export async function applyProviderAnswer(scope: WriteScope, provider: ProviderId, profile: ProviderProfile, linkUserId: number, locale: Locale): Promise<Outcome> {
  const { db, now } = scope;
  const known = await findIdentity(db, provider, profile.subject);
  const said = { email: profile.email, emailVerified: profile.emailVerified, displayName: profile.displayName, avatar: profile.avatar, now };
  if (linkUserId) {
    if (known && known.user_id !== linkUserId) throw new ProviderError('taken', 'this provider account is linked to another member');
    if (known) await refreshIdentity(db, known.id, said);
    else await insertIdentitySafely(db, { userId: linkUserId, provider, subject: profile.subject, ...said });
    const user = await findUserById(db, linkUserId);
    if (!user) throw new ProviderError('provider', 'the member is gone');
    return { kind: 'linked', user };
  }
  if (known) {
    await refreshIdentity(db, known.id, said);
    const user = await findUserById(db, known.user_id);
    if (!user || user.status !== 0) throw new ProviderError('provider', 'the member is gone');
    return { kind: 'signIn', user, created: false };
  }
  // A new account. The e-mail is kept (and verified) only when the provider vouches for it and
  // no account has it: never a link to that account, whose owner has not signed in here.
  const emailFree = profile.emailVerified && profile.email !== '' && !(await findUserByEmail(db, profile.email));
  const nickname = await freeNickname(db, profile.displayName);
  const id = await createMember(db, { nickname, avatar: profile.avatar, email: emailFree ? profile.email : null, email_verified: emailFree ? 1 : 0, password_hash: null }, now);
  await insertIdentitySafely(db, { userId: id, provider, subject: profile.subject, ...said });
  const user = await findUserById(db, id);
  if (!user) throw new Error(`user ${id} vanished after insert`);
  // The new member's other rows (trust) follow the same fact as a sign-up; no mail is owed:
  // an e-mail is only ever set here already verified.
  await scope.emit('user.signedUp', { userId: id, nickname, email: null, locale });
  return { kind: 'signIn', user, created: true };
}

async function insertIdentitySafely(db: Kysely<DB>, values: Parameters<typeof insertIdentity>[1]): Promise<void> {
  try {
    await insertIdentity(db, values);
  } catch (error) {
    if (isUniqueViolation(error)) throw new ProviderError('taken', 'linked meanwhile');
    throw error;
  }
}
