/**
 * The sign-in providers' adapters (ADR 0035): how each one's round trip is started and finished.
 * LINE, Google and any OpenID Connect provider are one adapter over `openid-client` (discovery
 * from the issuer, PKCE S256, `state`, `nonce`, the ID token checked); GitHub is OAuth 2 (PKCE,
 * `state`; no ID token) then its REST API for the profile and the verified e-mail; WeChat's
 * website QR login is its own protocol (appid/secret in the query, `state` only), spoken with
 * fetch. Each one's addresses can be pointed elsewhere (the tests' local provider); plain http is
 * allowed only for a loopback host.
 */
import * as oidc from 'openid-client';
import type { ProviderConfig, ProviderId } from '../../../common/validation/identities';

/** What a provider said about the person who signed in. */
export interface ProviderProfile {
  /** The provider's stable id of the account. */
  subject: string;
  email: string;
  /** The provider vouches for the e-mail (OIDC `email_verified`, GitHub's `verified`). */
  emailVerified: boolean;
  displayName: string;
  avatar: string;
}

/** One round trip's secrets, made at the start and checked at the callback. */
export interface RoundTrip {
  state: string;
  nonce: string;
  verifier: string;
}

/** Why a round trip failed, as the sign-in page names it (`/user/signin?error=<code>`). */
export type ProviderErrorCode = 'state' | 'cancelled' | 'provider' | 'disabled' | 'taken';

export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}

export interface ProviderAdapter {
  /** The provider's address to send the browser to. */
  begin(config: ProviderConfig, secret: string, callbackUrl: string, trip: RoundTrip): Promise<URL>;
  /** The callback's code exchanged and checked; what the provider says of the person. */
  finish(config: ProviderConfig, secret: string, callbackUrl: string, returned: URL, trip: RoundTrip): Promise<ProviderProfile>;
}

export const DEFAULT_ISSUERS: Record<ProviderId, string> = {
  line: 'https://access.line.me',
  google: 'https://accounts.google.com',
  github: 'https://github.com',
  wechat: 'https://open.weixin.qq.com',
  oidc: '',
};

export const DEFAULT_API_URLS: Partial<Record<ProviderId, string>> = {
  github: 'https://api.github.com',
  wechat: 'https://api.weixin.qq.com',
};

/** Names on the buttons of the providers with a brand (a generic OIDC provider's is its setting). */
export const PROVIDER_NAMES: Record<ProviderId, string> = { line: 'LINE', google: 'Google', github: 'GitHub', wechat: 'WeChat', oidc: 'OpenID Connect' };

/** https anywhere; plain http only to this machine (a local provider in development and tests). */
export function isAllowedUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

function checkedUrl(value: string): URL {
  if (!isAllowedUrl(value)) throw new ProviderError('provider', 'the provider address is neither https nor a loopback http address');
  return new URL(value);
}

function trimSlash(value: string): string {
  return value.replace(/\/+$/, '');
}

/** A provider's profile text bounded to its column. */
function bounded(value: unknown, max: number): string {
  return typeof value === 'string' ? value.slice(0, max) : '';
}

/** A picture is kept only when it is an https address. */
function httpsOnly(value: unknown): string {
  return typeof value === 'string' && value.startsWith('https://') && value.length <= 1024 ? value : '';
}

// ---------------------------------------------------------------------------------------------
// OpenID Connect: LINE, Google, any issuer

const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
const DISCOVERY_TTL_MS = 10 * 60_000;

function insecureAllowed(url: URL): boolean {
  return url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/** The provider's configuration from its discovery document (cached for 10 minutes per issuer, client and secret). */
function discover(issuer: string, clientId: string, secret: string): Promise<oidc.Configuration> {
  const url = checkedUrl(issuer);
  const key = JSON.stringify([url.href, clientId, secret]);
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const config = oidc.discovery(url, clientId, secret, oidc.ClientSecretPost(secret), insecureAllowed(url) ? { execute: [oidc.allowInsecureRequests] } : undefined);
  discovered.set(key, { at: Date.now(), config });
  config.catch(() => discovered.delete(key));
  return config;
}

function issuerOf(id: ProviderId, config: ProviderConfig): string {
  return config.issuer || DEFAULT_ISSUERS[id];
}

function oidcAdapter(id: ProviderId): ProviderAdapter {
  return {
    async begin(config, secret, callbackUrl, trip) {
      const client = await discover(issuerOf(id, config), config.clientId, secret);
      return oidc.buildAuthorizationUrl(client, {
        redirect_uri: callbackUrl,
        scope: 'openid profile email',
        state: trip.state,
        nonce: trip.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(trip.verifier),
        code_challenge_method: 'S256',
      });
    },
    async finish(config, secret, callbackUrl, returned, trip) {
      const client = await discover(issuerOf(id, config), config.clientId, secret);
      const tokens = await oidc.authorizationCodeGrant(client, returned, { pkceCodeVerifier: trip.verifier, expectedState: trip.state, expectedNonce: trip.nonce, idTokenExpected: true }, { redirect_uri: callbackUrl });
      const claims = tokens.claims();
      if (!claims) throw new ProviderError('provider', 'no ID token');
      let profile: Record<string, unknown> = { ...claims };
      // A provider may keep the profile's claims for the UserInfo endpoint (oidc-provider does).
      if (client.serverMetadata().userinfo_endpoint && (!claims.email || !claims.name)) {
        const info = await oidc.fetchUserInfo(client, tokens.access_token, claims.sub);
        profile = { ...info, ...claims };
      }
      return {
        subject: claims.sub,
        email: bounded(profile.email, 255).toLowerCase(),
        emailVerified: profile.email_verified === true,
        displayName: bounded(profile.name ?? profile.preferred_username ?? profile.nickname, 128),
        avatar: httpsOnly(profile.picture),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// GitHub: OAuth 2 (PKCE, state), then GET /user and /user/emails

function githubClient(config: ProviderConfig, secret: string): oidc.Configuration {
  const base = trimSlash(config.issuer || DEFAULT_ISSUERS.github);
  const url = checkedUrl(base);
  const client = new oidc.Configuration(
    { issuer: base, authorization_endpoint: `${base}/login/oauth/authorize`, token_endpoint: `${base}/login/oauth/access_token` },
    config.clientId,
    secret,
    oidc.ClientSecretPost(secret),
  );
  if (insecureAllowed(url)) oidc.allowInsecureRequests(client);
  return client;
}

async function githubGet(api: string, path: string, token: string): Promise<unknown> {
  const response = await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'user-agent': 'Sabai' } });
  if (!response.ok) throw new ProviderError('provider', `GitHub ${path} answered ${response.status}`);
  return response.json();
}

const githubAdapter: ProviderAdapter = {
  async begin(config, secret, callbackUrl, trip) {
    return oidc.buildAuthorizationUrl(githubClient(config, secret), {
      redirect_uri: callbackUrl,
      scope: 'read:user user:email',
      state: trip.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(trip.verifier),
      code_challenge_method: 'S256',
    });
  },
  async finish(config, secret, callbackUrl, returned, trip) {
    const tokens = await oidc.authorizationCodeGrant(githubClient(config, secret), returned, { pkceCodeVerifier: trip.verifier, expectedState: trip.state }, { redirect_uri: callbackUrl });
    const api = trimSlash(checkedUrl(config.apiUrl || DEFAULT_API_URLS.github!).href);
    const user = (await githubGet(api, '/user', tokens.access_token)) as { id?: unknown; login?: unknown; name?: unknown; avatar_url?: unknown };
    if (typeof user.id !== 'number' && typeof user.id !== 'string') throw new ProviderError('provider', 'GitHub /user has no id');
    const emails = (await githubGet(api, '/user/emails', tokens.access_token)) as Array<{ email?: unknown; primary?: unknown; verified?: unknown }>;
    const primary = Array.isArray(emails) ? emails.find((row) => row.primary === true) : undefined;
    return {
      subject: String(user.id),
      email: bounded(primary?.email, 255).toLowerCase(),
      emailVerified: primary?.verified === true,
      displayName: bounded(user.name || user.login, 128),
      avatar: httpsOnly(user.avatar_url),
    };
  },
};

// ---------------------------------------------------------------------------------------------
// WeChat website QR login (open platform): qrconnect, sns/oauth2/access_token, sns/userinfo

async function wechatGet(api: string, path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await fetch(`${api}${path}?${new URLSearchParams(query).toString()}`, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new ProviderError('provider', `WeChat ${path} answered ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  // WeChat answers its errors with 200 and an errcode.
  if (typeof body.errcode === 'number' && body.errcode !== 0) throw new ProviderError('provider', `WeChat ${path} errcode ${body.errcode}`);
  return body;
}

const wechatAdapter: ProviderAdapter = {
  begin(config, _secret, callbackUrl, trip) {
    const base = trimSlash(checkedUrl(config.issuer || DEFAULT_ISSUERS.wechat).href);
    const url = new URL(`${base}/connect/qrconnect`);
    url.search = new URLSearchParams({ appid: config.clientId, redirect_uri: callbackUrl, response_type: 'code', scope: 'snsapi_login', state: trip.state }).toString();
    url.hash = 'wechat_redirect';
    return Promise.resolve(url);
  },
  async finish(config, secret, _callbackUrl, returned, trip) {
    if (returned.searchParams.get('state') !== trip.state) throw new ProviderError('state', 'state mismatch');
    const code = returned.searchParams.get('code');
    if (!code) throw new ProviderError('cancelled', 'no code');
    const api = trimSlash(checkedUrl(config.apiUrl || DEFAULT_API_URLS.wechat!).href);
    const token = await wechatGet(api, '/sns/oauth2/access_token', { appid: config.clientId, secret, code, grant_type: 'authorization_code' });
    const accessToken = typeof token.access_token === 'string' ? token.access_token : '';
    const openid = typeof token.openid === 'string' ? token.openid : '';
    if (!accessToken || !openid) throw new ProviderError('provider', 'WeChat gave no access token');
    const info = await wechatGet(api, '/sns/userinfo', { access_token: accessToken, openid });
    // The unionid is the same person across the company's apps; the openid is per app.
    const unionid = typeof info.unionid === 'string' && info.unionid ? info.unionid : typeof token.unionid === 'string' ? token.unionid : '';
    return { subject: unionid || openid, email: '', emailVerified: false, displayName: bounded(info.nickname, 128), avatar: httpsOnly(info.headimgurl) };
  },
};

export const adapters: Record<ProviderId, ProviderAdapter> = {
  line: oidcAdapter('line'),
  google: oidcAdapter('google'),
  oidc: oidcAdapter('oidc'),
  github: githubAdapter,
  wechat: wechatAdapter,
};

/** A failure of the library's checks as the sign-in page names it: a refused state is `state`, the rest `provider`. */
export function providerErrorOf(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  if (error instanceof oidc.AuthorizationResponseError) return new ProviderError(error.error === 'access_denied' ? 'cancelled' : 'provider', error.error);
  // openid-client's ClientError wraps oauth4webapi's, whose message names the failed check.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const message = `${error instanceof Error ? error.message : String(error)}${cause ? `: ${cause}` : ''}`;
  if (/"?(state|nonce)"?/i.test(cause) || /\b(state|nonce)\b/i.test(message)) return new ProviderError('state', message);
  return new ProviderError('provider', message);
}
