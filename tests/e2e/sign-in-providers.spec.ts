/**
 * Sign-in providers in the browser (issue 29), in en-US and zh-CN, against a real OpenID Connect
 * provider started here (npm `oidc-provider`, its development login page): the admin points the
 * site's generic OpenID Connect provider at it through the back office's API; the sign-in page
 * shows its button; a person clicks it, signs in at the provider and lands signed in, with a new
 * account; their connections page lists the provider and refuses to disconnect it, their last way
 * in. The back office's tab shows the callback URL and only whether a secret is stored. axe on
 * each of the site's screens.
 */
import { expect, test } from '@playwright/test';
import type { AdminProvidersView } from '../../common/views/identities';
import { expectAccessible } from '../support/axe';
import { adminToken, apiPost } from '../support/e2e-members';
import { startServer, type E2eServer } from '../support/e2e-server';
import { startOidcProvider, type LocalProvider } from '../support/oidc-provider';
import { attachServerOutputOnFailure, expectRecordedToast, openHydrated, recordToasts, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let provider: LocalProvider;
let token: string;
const SECRET = 'e2e-client-secret-not-shown-anywhere';

const WORDS = {
  'en-US': { button: 'Continue with Local ID', linked: 'Connected accounts', lastWayIn: 'This is your only way to sign in: set a password or connect another account first.', disconnect: 'Disconnect Local ID' },
  'zh-CN': { button: '使用 Local ID 继续', linked: '已绑定的账号', lastWayIn: '这是你唯一的登录方式：请先设置密码或绑定其他账号。', disconnect: '解除绑定 Local ID' },
} as const;

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ playwright }) => {
  server = await startServer({ installed: true, settings: { siteTitle: 'Sabai Providers' } });
  const request = await playwright.request.newContext();
  token = await adminToken(request, server);
  const list = (await (await request.get(`${server.url}/api/admin/sign-in-providers`, { headers: { 'x-user-token': token } })).json()) as { data: AdminProvidersView };
  const callback = list.data.providers.find((row) => row.provider === 'oidc')!.callbackUrl;
  provider = await startOidcProvider({ clients: [{ client_id: 'sabai-e2e', client_secret: SECRET, redirect_uris: [callback], token_endpoint_auth_method: 'client_secret_post' }] });
  await apiPost(request, server, '/api/admin/sign-in-providers', token, { provider: 'oidc', enabled: true, clientId: 'sabai-e2e', clientSecret: SECRET, issuer: provider.issuer, name: 'Local ID' });
  await request.dispose();
});

test.afterAll(async () => {
  await provider?.close();
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`signs in with the local provider, and cannot disconnect the last way in [${locale}]`, async ({ page, context }) => {
    const words = WORDS[locale];
    const errors = watchErrors(page);
    await setLocaleCookie(context, server.url, locale);
    await openHydrated(page, `${server.url}/user/signin?redirect=/user/profile/connections`);
    const button = page.getByRole('link', { name: words.button });
    await expect(button).toBeVisible();
    await expectAccessible(page, { label: `sign-in page ${locale}` });

    await button.click();
    // The provider's own sign-in page (another site): any login, any password.
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill(`person-${locale.toLowerCase()}-${Date.now()}`);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();

    // Back on the site, signed in to the new account, on the page asked for.
    await expect(page).toHaveURL(`${server.url}/user/profile/connections`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await expect(page.getByRole('heading', { name: words.linked, level: 1 })).toBeVisible();
    await expect(page.getByTestId('linked-oidc')).toContainText('Local ID');
    await expect(page.getByTestId('last-way-in')).toHaveText(words.lastWayIn);
    await expectAccessible(page, { label: `connections ${locale}` });

    await recordToasts(page);
    await page.getByRole('button', { name: words.disconnect }).click();
    await expectRecordedToast(page, words.lastWayIn);
    await expect(page.getByTestId('linked-oidc')).toBeVisible();
    expect(errors.filter((line) => !/409/.test(line))).toEqual([]);
  });
}

test('the back office shows each callback URL and never the secret [en-US]', async ({ page, context }) => {
  await context.addCookies([{ name: 'sabai_token', value: token, url: server.url }]);
  await setLocaleCookie(context, server.url, 'en-US');
  await openHydrated(page, `${server.url}/admin/settings?tab=providers`);
  await expect(page.getByTestId('provider-callback-oidc')).toHaveText(`${server.url}/api/login/provider/oidc/callback`);
  await expect(page.getByTestId('provider-settings-oidc')).toContainText('A secret is stored. Type a new one to replace it.');
  expect(await page.content()).not.toContain(SECRET);
  await expectAccessible(page, { label: 'admin sign-in providers' });
});
