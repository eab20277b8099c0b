/**
 * JS + CSS bytes (gzip) a browser downloads on the first load of a page, measured in Chromium:
 * every script and stylesheet response until the page is hydrated and the network is idle
 * (including chunks imported at runtime, such as the locale messages), each gzipped at level 9
 * (what a compressing proxy would send). Budget for the anonymous home: < 150 KB.
 *
 *   npx tsx bench/first-load.ts [url]      (default: starts a fresh installed server)
 */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer } from '../tests/support/e2e-server';

export interface FirstLoad {
  files: Array<{ url: string; raw: number; gzip: number }>;
  raw: number;
  gzip: number;
}

export async function firstLoadBytes(pageUrl: string): Promise<FirstLoad> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const pending: Array<Promise<{ url: string; raw: number; gzip: number } | null>> = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        response
          .body()
          .then((body) => ({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }))
          .catch(() => null),
      );
    });
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    const files = (await Promise.all(pending)).filter((f) => f !== null).sort((a, b) => b.gzip - a.gzip);
    return { files, raw: files.reduce((s, f) => s + f.raw, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv[2];
  const server = given ? null : await startServer({ installed: true });
  const url = given ?? `${server!.url}/`;
  try {
    const result = await firstLoadBytes(url);
    for (const f of result.files) console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${(f.raw / 1024).toFixed(1).padStart(7)} KB  ${f.url}`);
    console.log(
      `first load of ${url}: ${result.files.length} files, ${(result.raw / 1024).toFixed(1)} KB raw, ${(result.gzip / 1024).toFixed(1)} KB gzip (budget 150 KB)`,
    );
  } finally {
    await server?.stop();
  }
}
