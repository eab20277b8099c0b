/**
 * Screenshots of the shell for a visual check: pages × {1280, 390 px} × {light, dark} ×
 * {en-US, zh-CN, th-TH}, anonymous and signed in, into tmp/screenshots/. Uses the existing build.
 *
 *   npx tsx scripts/screenshots.ts [path …]     (default: / /about /no-such-page)
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { LOCALES } from '../common/constants';
import { E2E_ADMIN, ROOT, startServer } from '../tests/support/e2e-server';

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/about', '/no-such-page'];
const out = path.join(ROOT, 'tmp', 'screenshots');
mkdirSync(out, { recursive: true });

const server = await startServer({
  installed: true,
  settings: {
    siteNavs: [
      { title: 'Topics', url: '/topics' },
      { title: 'Guide', url: 'https://example.com' },
    ],
    siteDescription: '',
  },
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const signedIn of [false, true]) {
    for (const locale of LOCALES) {
      for (const mode of ['light', 'dark'] as const) {
        for (const width of [1280, 390]) {
          // A desktop UA: the headless default reads as a bot (bots get plain error pages).
          const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
          const context = await browser.newContext({ viewport: { width, height: 900 }, locale, userAgent });
          await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
          await context.addInitScript((m) => localStorage.setItem('sabai-color-mode', m), mode);
          if (signedIn) await context.request.post(`${server.url}/api/login/signin`, { data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password } });
          const page = await context.newPage();
          for (const p of pages) {
            await page.goto(server.url + p, { waitUntil: 'networkidle' });
            const name = `${p === '/' ? 'home' : p.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${width}-${mode}-${locale}${signedIn ? '-user' : ''}.png`;
            await page.screenshot({ path: path.join(out, name), fullPage: true });
          }
          // Interactive states on the home page: burger menu (phones), search history, account menu.
          await page.goto(server.url + '/', { waitUntil: 'networkidle' });
          await page.evaluate(() => localStorage.setItem('sabai-search-history', JSON.stringify(['bangkok rent', 'visa run', 'ภาษาไทย', '清迈 租房'])));
          const tag = `${width}-${mode}-${locale}${signedIn ? '-user' : ''}`;
          if (width < 768) {
            await page.getByTestId('burger').click();
            await page.getByTestId('mobile-menu').getByRole('combobox').focus();
          } else {
            await page.getByRole('combobox').first().focus();
          }
          await page.keyboard.press('ArrowDown');
          await page.screenshot({ path: path.join(out, `home-open-${tag}.png`) });
          if (signedIn) {
            await page.keyboard.press('Escape');
            await page.getByTestId('user-menu').click();
            await page.screenshot({ path: path.join(out, `home-usermenu-${tag}.png`) });
            await page.getByRole('menuitem').last().click();
            await page.screenshot({ path: path.join(out, `home-logout-${tag}.png`) });
          }
          await context.close();
        }
      }
    }
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
