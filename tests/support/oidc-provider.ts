/**
 * A real OpenID Connect provider for the tests (the npm `oidc-provider`, an OIDC-certified
 * server), started in the test process on a random local port: its discovery, authorization
 * endpoint (with the library's development login page: any login, any password), token endpoint,
 * ID tokens and UserInfo. Accounts are made up from the login: `<name>` has a verified e-mail
 * `<name>@example.com`; a login starting `unverified` has its e-mail unverified; `noemail…` none.
 * `githubApi` adds GitHub's REST shape (`/user`, `/user/emails`) over the provider's access tokens,
 * for the GitHub adapter's test (GitHub's own sign-in is OAuth 2 at `/login/oauth/authorize` and
 * `/login/oauth/access_token`, the routes this provider then takes).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';

export interface LocalProvider {
  issuer: string;
  provider: Provider;
  close(): Promise<void>;
  /** Signs in at the provider as `login` from the authorization address; answers the address it sends the browser back to. */
  signIn(authorizationUrl: string, login: string, options?: { until?: string }): Promise<URL>;
}

export interface LocalProviderOptions {
  clients: ClientMetadata[];
  /** GitHub's shape: its routes, and its REST API's /user and /user/emails. */
  githubApi?: boolean;
}

function claimsOf(login: string): Record<string, unknown> {
  const name = login.replace(/[^a-z0-9]+/gi, ' ').trim() || 'someone';
  const email = login.startsWith('noemail') ? undefined : `${login.toLowerCase()}@example.com`;
  return { sub: login, name: name.charAt(0).toUpperCase() + name.slice(1), picture: `https://images.example.com/${encodeURIComponent(login)}.png`, email, email_verified: email ? !login.startsWith('unverified') : undefined };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export async function startOidcProvider(options: LocalProviderOptions): Promise<LocalProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  let provider: Provider | null = null;
  const server = createServer((req, res) => {
    if (options.githubApi && provider && (req.url === '/user' || req.url === '/user/emails')) {
      void githubRest(provider, req, res);
      return;
    }
    handler?.(req, res);
  });
  const port = await listen(server);
  const issuer = `http://127.0.0.1:${port}`;
  provider = new Provider(issuer, {
    clients: options.clients,
    findAccount: (_ctx: KoaContextWithOIDC, id: string) => ({ accountId: id, claims: () => claimsOf(id) as { sub: string } }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    scopes: ['openid', 'email', 'profile', 'read:user', 'user:email'],
    // No consent page: the client is the site's own; the login page is the one interaction.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const oidcCtx = ctx.oidc;
      if (!oidcCtx.session?.accountId || !oidcCtx.client) return undefined;
      const grantId = oidcCtx.result?.consent?.grantId ?? oidcCtx.session.grantIdFor(oidcCtx.client.clientId);
      if (grantId) return oidcCtx.provider.Grant.find(grantId);
      const grant = new oidcCtx.provider.Grant({ clientId: oidcCtx.client.clientId, accountId: oidcCtx.session.accountId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'picture']);
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    cookies: { keys: ['local-provider-test-key'] },
    features: { devInteractions: { enabled: true } },
    ...(options.githubApi ? { routes: { authorization: '/login/oauth/authorize', token: '/login/oauth/access_token' } } : {}),
  });
  // The library logs a warning for its development keys and login page; the tests know.
  provider.on('server_error', (_ctx: unknown, error: Error) => { if (process.env.DEBUG_OIDC) console.error(error); });
  handler = provider.callback();
  return {
    issuer,
    provider,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    signIn: (url, login, signInOptions) => signInAt(issuer, url, login, signInOptions?.until),
  };
}

async function githubRest(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const token = (req.headers.authorization ?? '').replace(/^Bearer /i, '');
  const found = token ? await provider.AccessToken.find(token) : undefined;
  if (!found) {
    res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Bad credentials' }));
    return;
  }
  const claims = claimsOf(found.accountId);
  const body =
    req.url === '/user'
      ? { id: 1000 + found.accountId.length * 7 + found.accountId.charCodeAt(0), login: found.accountId, name: claims.name, avatar_url: claims.picture }
      : claims.email
        ? [{ email: claims.email, primary: true, verified: claims.email_verified }, { email: `other-${claims.email as string}`, primary: false, verified: true }]
        : [];
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A browser's trip through the provider's pages, with a cookie jar: the login form posted, redirects followed until they leave the provider. */
async function signInAt(issuer: string, authorizationUrl: string, login: string, until?: string): Promise<URL> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 10; hop++) {
    if (url.origin !== issuer || (until && url.href.startsWith(until))) return url;
    let response = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
    keep(response);
    if (response.status === 200 && url.pathname.startsWith('/interaction/')) {
      // The page's form: the login (any login, any password), or the consent to what the client asks.
      const prompt = /name="prompt" value="(\w+)"/.exec(await response.text())?.[1] ?? 'login';
      response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt }).toString(),
      });
      keep(response);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${(await response.text()).slice(0, 300)}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}
