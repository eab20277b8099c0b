/**
 * The page a reader sees while the database is unreachable (db/outage.ts): 503, self-contained
 * (no script, no stylesheet, no query: rendering the site needs the database), in the reader's
 * language, reloading itself after the Retry-After so it comes back by itself with the forum.
 */
import type { Locale } from '../../common/constants';
import type { TFunction } from '../../common/translate';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function unavailablePage(locale: Locale, t: TFunction, retryAfterSeconds: number): string {
  const title = escapeHtml(String(t('errors.unavailablePage.title')));
  const body = escapeHtml(String(t('errors.unavailablePage.body')));
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${retryAfterSeconds}">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f8fafc;color:#0f172a}main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}p{line-height:1.6;color:#475569}@media (prefers-color-scheme:dark){body{background:#0f172a;color:#f1f5f9}p{color:#cbd5e1}}</style>
</head>
<body><main><h1>${title}</h1><p>${body}</p></main></body>
</html>
`;
}

/** Headers of that page: nothing may run or load, and no cache may keep it. */
export const UNAVAILABLE_PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};
