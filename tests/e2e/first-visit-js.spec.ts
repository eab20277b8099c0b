/**
 * The JavaScript a first visit downloads (issue 32, ADR 0034), read from the build the journeys
 * run (no browser: tests/support/first-visit.ts lists the entry, the matched routes and their
 * static imports from React Router's manifest, brotli sizes as served). bench/first-visit-js.ts
 * prints the same figures and checks them against Chromium.
 *
 * Each page is held to its figure when this was written plus about 2 KB (the goal is
 * 120 KB; React DOM and React Router alone are ~92 KB of every page), and none of them loads zod,
 * Radix or the editor before the reader acts: those arrive with the click, the member's comment
 * box or the moderator's menu.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CLIENT_DIR, pageScripts, readBuildManifest } from '../support/first-visit';

/** Brotli KB per page: this change's figures (home 121.5, topic 126.9, article 127.8, profile 120.4, search 114.3) plus about 2 KB. */
const BUDGET_KB = { home: 123, topic: 129, article: 130, profile: 122, search: 116 } as const;
const PAGES: Record<keyof typeof BUDGET_KB, string> = { home: '/', topic: '/topic/1', article: '/article/1', profile: '/user/1', search: '/search?q=visa' };

/** Text that only these libraries' code holds, as minified: zod's error class, Radix's layers, TipTap's editor. */
const NOT_ON_A_FIRST_VISIT: Record<string, RegExp> = { zod: /ZodError/, radix: /DismissableLayer|FocusScope/, tiptap: /@tiptap|ProseMirror/ };

for (const [name, url] of Object.entries(PAGES) as Array<[keyof typeof BUDGET_KB, string]>) {
  test(`${name}: a first visit's JavaScript is within ${BUDGET_KB[name]} KB and holds no zod, Radix or editor`, () => {
    const page = pageScripts(readBuildManifest(), name, url);
    expect(page.br / 1024, page.files.map((f) => `${f.href} ${f.br}`).join('\n')).toBeLessThanOrEqual(BUDGET_KB[name]);
    for (const file of page.files) {
      const text = readFileSync(path.join(CLIENT_DIR, file.href), 'utf8');
      for (const [library, marker] of Object.entries(NOT_ON_A_FIRST_VISIT)) expect(marker.test(text), `${library} in ${file.href}`).toBe(false);
    }
  });
}
