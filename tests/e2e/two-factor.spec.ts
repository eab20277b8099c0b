/**
 * Two-factor authentication and passkeys in Chromium (issue 29), in English and Chinese, against
 * one fresh installed server addressed as `localhost` (a WebAuthn relying party needs a host
 * name, not an IP): a member sets up an authenticator app on /user/profile/security (the seed
 * shown on screen is what the journey computes its codes from), sees the recovery codes once,
 * signs out, signs in with the password and then a code on the second step; then adds a passkey
 * through Chromium's virtual authenticator (DevTools protocol: ctap2, resident key, user
 * verification, automatic presence) and signs in with it alone. axe-core on each screen.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { TOTP, Secret } from 'otpauth';
import { expectAccessible } from '../support/axe';
import { signUpMember } from '../support/e2e-members';
import { freePort, startServer, type E2eServer } from '../support/e2e-server';
import { attachServerOutputOnFailure, openHydrated, setLocaleCookie, watchErrors } from '../support/page';

let server: E2eServer;
let base: string;

const WORDS = {
  'en-US': {
    setup: 'Set up',
    qr: 'QR code to add this site to your authenticator app',
    appCode: '6-digit code from the app',
    turnOn: 'Turn on',
    saved: 'I have saved them',
    username: 'Username or e-mail',
    password: 'Password',
    signIn: 'Sign in',
    secondTitle: 'Two-factor authentication',
    code: 'Authentication code',
    verify: 'Verify',
    passkeyName: 'Passkey name',
    addPasskey: 'Add a passkey',
    withPasskey: 'Sign in with a passkey',
  },
  'zh-CN': {
    setup: '设置',
    qr: '将本站添加到身份验证器应用的二维码',
    appCode: '应用中的 6 位验证码',
    turnOn: '开启',
    saved: '我已保存',
    username: '用户名或邮箱',
    password: '密码',
    signIn: '登录',
    secondTitle: '两步验证',
    code: '验证码',
    verify: '验证',
    passkeyName: '通行密钥名称',
    addPasskey: '添加通行密钥',
    withPasskey: '使用通行密钥登录',
  },
} as const;

// Sign-ups, several page loads and axe runs each: more than the default on a busy machine.
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startServer({ installed: true, port, env: { PUBLIC_URL: base }, settings: { siteUrl: base } });
});

test.afterAll(async () => {
  await server?.stop();
});

attachServerOutputOnFailure(() => server);

function codeAt(secret: string, timestamp: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp });
}

async function signOut(context: BrowserContext): Promise<void> {
  await context.clearCookies({ name: 'sabai_token' });
}

async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies(base)).find((cookie) => cookie.name === 'sabai_token')?.value;
}

async function memberIn(page: Page, context: BrowserContext, locale: 'en-US' | 'zh-CN') {
  await setLocaleCookie(context, base, locale);
  const member = await signUpMember(page.request, { ...server, url: base }, 'Guard');
  await context.addCookies([{ name: 'sabai_token', value: member.token, url: base }]);
  return member;
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  const words = WORDS[locale];

  test(`TOTP: set up from the seed on screen, then sign in with the password and a code [${locale}]`, async ({ page, context }) => {
    const errors = watchErrors(page);
    const member = await memberIn(page, context, locale);
    await openHydrated(page, `${base}/user/profile/security`);
    await expectAccessible(page, { label: `security settings ${locale}` });

    await page.getByRole('button', { name: words.setup, exact: true }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect(page.getByRole('img', { name: words.qr })).toBeVisible();
    await expectAccessible(page, { label: `TOTP setup ${locale}` });
    await page.getByLabel(words.appCode).fill(codeAt(secret, Date.now()));
    await page.getByRole('button', { name: words.turnOn, exact: true }).click();
    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expectAccessible(page, { label: `recovery codes ${locale}` });
    await page.getByRole('button', { name: words.saved }).click();
    await expect(page.getByTestId('recovery-codes')).toHaveCount(0);

    await signOut(context);
    await openHydrated(page, `${base}/user/signin`);
    await page.getByLabel(words.username).fill(member.email);
    await page.getByLabel(words.password).fill(member.password);
    await page.locator('form').getByRole('button', { name: words.signIn, exact: true }).click();
    await expect(page).toHaveURL(/\/user\/signin\/second-factor$/);
    await expect(page.getByRole('heading', { name: words.secondTitle })).toBeVisible();
    expect(await sessionCookie(context)).toBeUndefined();
    await expectAccessible(page, { label: `second step ${locale}` });
    // The setup took this step's code: the next step's (within the ±1 window) signs in.
    await page.getByLabel(words.code).fill(codeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: words.verify }).click();
    await expect(page).toHaveURL(`${base}/`);
    expect(await sessionCookie(context)).toBeTruthy();
    expect(errors).toEqual([]);
  });

  test(`passkey: added through Chromium's virtual authenticator, then signs in alone [${locale}]`, async ({ page, context }) => {
    const errors = watchErrors(page);
    await memberIn(page, context, locale);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    await openHydrated(page, `${base}/user/profile/security`);
    await page.getByLabel(words.passkeyName).fill('Test laptop');
    await page.getByRole('button', { name: words.addPasskey }).click();
    await expect(page.getByTestId('passkey-name')).toHaveText('Test laptop');
    await expectAccessible(page, { label: `passkey listed ${locale}` });

    await signOut(context);
    await openHydrated(page, `${base}/user/signin`);
    await expectAccessible(page, { label: `sign-in with passkey button ${locale}` });
    await page.getByRole('button', { name: words.withPasskey }).click();
    await expect(page).toHaveURL(`${base}/`);
    expect(await sessionCookie(context)).toBeTruthy();
    expect(errors).toEqual([]);
  });
}
