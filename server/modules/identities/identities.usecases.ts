/**
 * The sign-in providers' use cases (ADR 0035), one function per action: the enabled list, the
 * round trip's start and callback, the member's connections and unlinking, the back office's
 * provider settings. The callback is a GET (the provider sends the browser back with one), so it
 * is declared a read: the network work (the code exchange, the profile) happens before any
 * transaction, then one `runWrite` signs in, links or creates the account.
 */
import * as oidc from 'openid-client';
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { identityActions } from '../../../common/actions/identities';
import { safeRedirect } from '../../../common/redirect';
import { PROVIDER_IDS, type ProviderId } from '../../../common/validation/identities';
import type { AdminProvidersView, AdminProviderView, ConnectionsView, EnabledProvidersView } from '../../../common/views/identities';
import type { AppContext } from '../../context';
import { siteBaseUrl } from '../../http/site-address';
import type { MediaAnswer, ReadCall, SiteSettings, WriteCall } from '../../kernel/actions';
import { actorOf, memberOf } from '../../kernel/caller';
import { runWrite } from '../../kernel/write';
import { finishSignIn, type OpenedSession, type SignInOutcome } from '../auth/auth.api';
import { siteSecret, writeSettings } from '../settings/settings.api';
import { adapters, ProviderError, providerErrorOf, type ProviderErrorCode } from './identities.providers';
import { applyProviderAnswer, enabledProviders, linkedIdentities, providerName, providerSecret, setProviderSecret, unlinkProvider, waysIn } from './identities.service';
import { openTrip, sealTrip, STATE_COOKIE, STATE_KEY_NAME, TRIP_TTL_MS, type Trip } from './identities.state';

type Input<K extends keyof typeof identityActions> = ParsedInputOf<(typeof identityActions)[K]>;

export const SIGNIN_PAGE = '/user/signin';
export const CONNECTIONS_PAGE = '/user/profile/connections';

/** A 302 of the round trip, with what the HTTP step must do to the cookies. */
export interface TripAnswer extends MediaAnswer {
  /** The sealed trip to set (the start), or null to clear it (the callback). */
  tripCookie: string | null;
  /** A session to set (a sign-in). */
  session: OpenedSession['issued'] | null;
}

/** The address to register at a provider: where it sends the browser back. */
export function callbackUrl(ctx: AppContext, provider: ProviderId): string {
  return `${siteBaseUrl(ctx.config)}/api/login/provider/${provider}/callback`;
}

function redirectTo(location: string, extra: Partial<TripAnswer> = {}): TripAnswer {
  return { status: 302, type: 'text/plain; charset=utf-8', headers: { location, 'cache-control': 'no-store' }, body: '', tripCookie: null, session: null, ...extra };
}

function failed(code: ProviderErrorCode, trip: Trip | null): TripAnswer {
  const page = trip?.linkUserId ? CONNECTIONS_PAGE : SIGNIN_PAGE;
  return redirectTo(`${page}?error=${code}`);
}

/** GET login/providers. */
export async function enabledList({ settings }: ReadCall<Input<'enabled'>, undefined>): Promise<EnabledProvidersView> {
  return { providers: enabledProviders(settings.signInProviders) };
}

function isEnabled(settings: SiteSettings, provider: ProviderId): boolean {
  return enabledProviders(settings.signInProviders).some((row) => row.id === provider);
}

/** GET login/provider/:provider/start: the trip sealed into the cookie, the browser sent to the provider. */
export async function startTrip({ ctx, db, caller, settings, input }: ReadCall<Input<'start'>, undefined>): Promise<TripAnswer> {
  if (!isEnabled(settings, input.provider)) return redirectTo(`${SIGNIN_PAGE}?error=disabled`);
  const trip: Trip = {
    provider: input.provider,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    redirect: input.redirect ? safeRedirect(input.redirect) : null,
    linkUserId: caller.viewer?.id ?? 0,
    expires: caller.now + TRIP_TTL_MS,
  };
  try {
    const secret = (await providerSecret(db, input.provider)) ?? '';
    const url = await adapters[input.provider].begin(settings.signInProviders[input.provider], secret, callbackUrl(ctx, input.provider), trip);
    const key = await siteSecret(db, STATE_KEY_NAME, caller.now);
    return redirectTo(url.href, { tripCookie: sealTrip(key, trip) });
  } catch (error) {
    ctx.log.warn({ provider: input.provider, reason: providerErrorOf(error).message }, 'sign-in provider start failed');
    return failed('provider', trip);
  }
}

function cookieOf(headers: ReadCall<unknown, unknown>['headers'], name: string): string | undefined {
  const header = headers.cookie;
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const part of text.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * What the callback does with `finishSignIn`'s result, in one place: a session opened goes with
 * the redirect to where the member was going; a second factor owed (TOTP on) sends them to its
 * page with the ticket, no session yet.
 */
export function afterFinishSignIn(outcome: SignInOutcome): Pick<TripAnswer, 'session'> & { location: string } {
  if (outcome.kind === 'secondFactor') return { session: null, location: outcome.answer.redirect };
  return { session: outcome.session.issued, location: outcome.session.answer.redirect };
}

/** GET login/provider/:provider/callback. */
export async function finishTrip({ ctx, db, caller, settings, input, headers }: ReadCall<Input<'callback'>, undefined>): Promise<TripAnswer> {
  const key = await siteSecret(db, STATE_KEY_NAME, caller.now);
  const trip = openTrip(key, cookieOf(headers, STATE_COOKIE), caller.now);
  // The trip's cookie is cleared whatever follows: one round trip per cookie.
  const refuse = (code: ProviderErrorCode, reason: string) => {
    ctx.log.info({ provider: input.provider, code, reason }, 'sign-in provider callback refused');
    return failed(code, trip);
  };
  if (!trip || trip.provider !== input.provider || !input.state || input.state !== trip.state) return refuse('state', 'no matching trip for this state');
  if (input.error) return refuse(input.error === 'access_denied' ? 'cancelled' : 'provider', input.error);
  if (!isEnabled(settings, input.provider)) return refuse('disabled', 'provider switched off');
  if (trip.linkUserId && caller.viewer?.id !== trip.linkUserId) return refuse('state', 'the trip was started by another session');
  const config = settings.signInProviders[input.provider];
  const returned = new URL(callbackUrl(ctx, input.provider));
  for (const name of ['code', 'state', 'iss'] as const) if (input[name] !== undefined) returned.searchParams.set(name, input[name]);
  let profile;
  try {
    const secret = (await providerSecret(db, input.provider)) ?? '';
    profile = await adapters[input.provider].finish(config, secret, callbackUrl(ctx, input.provider), returned, trip);
  } catch (error) {
    const refused = providerErrorOf(error);
    return refuse(refused.code, refused.message);
  }
  try {
    return await runWrite(ctx, async (scope) => {
      const outcome = await applyProviderAnswer(scope, input.provider, profile, trip.linkUserId, caller.locale);
      if (outcome.kind === 'linked') return redirectTo(`${CONNECTIONS_PAGE}?linked=${input.provider}`);
      const signedIn = await finishSignIn(scope, caller, settings, outcome.user, { method: 'provider', redirect: trip.redirect });
      const { session, location } = afterFinishSignIn(signedIn);
      return redirectTo(location, { session });
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return refuse(error.code, error.message);
  }
}

/** GET user/identities. */
export async function connections({ db, caller, settings }: ReadCall<Input<'connections'>, undefined>): Promise<ConnectionsView> {
  const member = memberOf(caller);
  const rows = await linkedIdentities(db, member.id);
  const linkedIds = new Set(rows.map((row) => row.provider));
  const config = settings.signInProviders;
  return {
    linked: rows
      .filter((row): row is typeof row & { provider: ProviderId } => (PROVIDER_IDS as readonly string[]).includes(row.provider))
      .map((row) => ({ provider: row.provider, name: providerName(row.provider, config[row.provider]), displayName: row.display_name, createTime: row.create_time })),
    available: enabledProviders(config).filter((row) => !linkedIds.has(row.id)),
    hasPassword: Boolean(member.password_hash),
    waysIn: await waysIn(db, member.id),
  };
}

/** POST user/identities/unlink. */
export async function unlink({ scope, caller, input }: WriteCall<Input<'unlink'>, undefined>): Promise<null> {
  await unlinkProvider(scope.db, memberOf(caller).id, input.provider);
  return null;
}

async function adminProviderView(ctx: AppContext, db: ReadCall<unknown, unknown>['db'], settings: SiteSettings, provider: ProviderId): Promise<AdminProviderView> {
  const config = settings.signInProviders[provider];
  return {
    provider,
    enabled: config.enabled,
    clientId: config.clientId,
    issuer: config.issuer,
    apiUrl: config.apiUrl,
    name: config.name,
    secretSet: Boolean(await providerSecret(db, provider)),
    callbackUrl: callbackUrl(ctx, provider),
  };
}

/** GET admin/sign-in-providers. */
export async function adminList({ ctx, db, settings }: ReadCall<Input<'adminList'>, undefined>): Promise<AdminProvidersView> {
  return { providers: await Promise.all(PROVIDER_IDS.map((provider) => adminProviderView(ctx, db, settings, provider))) };
}

/** POST admin/sign-in-providers: the settings key written (its `settings.changed` fact), the secret replaced when one is sent. */
export async function adminSave({ ctx, scope, caller, settings, input }: WriteCall<Input<'adminSave'>, undefined>): Promise<AdminProviderView> {
  const next = { ...settings.signInProviders, [input.provider]: { enabled: input.enabled, clientId: input.clientId, issuer: input.issuer, apiUrl: input.apiUrl, name: input.name } };
  await writeSettings(scope.db, { signInProviders: next }, scope.now);
  if (input.clientSecret) await setProviderSecret(scope.db, input.provider, input.clientSecret, scope.now);
  await scope.emit('settings.changed', { keys: ['signInProviders'], actor: actorOf(caller) });
  return adminProviderView(ctx, scope.db, { ...settings, signInProviders: next }, input.provider);
}
