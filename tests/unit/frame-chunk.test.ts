/**
 * The frame chunk's modules (scripts/frame-chunk.ts): what the client entry, the root route and
 * the default layout reach by static imports, without packages and without the entry module.
 */
import { describe, expect, it } from 'vitest';
import { frameModules, listModules } from '../../scripts/frame-chunk';

const ROOT = '/site';
const graph = new Map<string, string[]>([
  [`${ROOT}/app/entry.client.tsx`, [`${ROOT}/node_modules/react-dom/client.js`, `${ROOT}/app/lib/i18n.ts`]],
  [`${ROOT}/app/root.tsx`, [`${ROOT}/app/lib/session.ts`, `${ROOT}/node_modules/react-router/index.mjs`]],
  [`${ROOT}/app/components/layout/default-layout.tsx`, [`${ROOT}/app/components/layout/site-frame.tsx`]],
  [`${ROOT}/app/components/layout/site-frame.tsx`, [`${ROOT}/app/lib/session.ts`, `${ROOT}/common/translate.ts`]],
  [`${ROOT}/app/lib/i18n.ts`, [`${ROOT}/common/translate.ts`]],
  [`${ROOT}/app/lib/session.ts`, []],
  [`${ROOT}/common/translate.ts`, []],
  // A page's own modules, and what only a dynamic import reaches, are not the frame's.
  [`${ROOT}/app/routes/topic.tsx`, [`${ROOT}/app/components/comment/comment-section.tsx`, `${ROOT}/app/lib/session.ts`]],
  [`${ROOT}/app/components/comment/comment-section.tsx`, [`${ROOT}/common/zod.ts`]],
  [`${ROOT}/common/zod.ts`, [`${ROOT}/node_modules/zod/index.js`]],
  [`${ROOT}/node_modules/react-router/index.mjs`, []],
  // The list pages' part: the keyset feed and the topics list, with what they import.
  [`${ROOT}/app/routes/home.tsx`, [`${ROOT}/app/components/topic/topic-feed.tsx`]],
  [`${ROOT}/app/components/topic/topic-feed.tsx`, [`${ROOT}/app/components/content/keyset-feed.tsx`, `${ROOT}/app/components/topic/topic-item.tsx`]],
  [`${ROOT}/app/components/content/keyset-feed.tsx`, [`${ROOT}/app/lib/api.ts`, `${ROOT}/app/lib/session.ts`]],
  [`${ROOT}/app/components/topic/topic-item.tsx`, []],
  [`${ROOT}/app/lib/api.ts`, []],
]);

describe('frame chunk', () => {
  it('lists chunk: what the keyset feed and the topics list reach, less the frame', () => {
    expect([...listModules(graph, frameModules(graph))].sort()).toEqual(
      [`${ROOT}/app/components/content/keyset-feed.tsx`, `${ROOT}/app/components/topic/topic-feed.tsx`, `${ROOT}/app/components/topic/topic-item.tsx`, `${ROOT}/app/lib/api.ts`].sort(),
    );
  });

  it('holds the site modules the entry, the root and the default layout import statically', () => {
    expect([...frameModules(graph)].sort()).toEqual(
      [`${ROOT}/app/components/layout/default-layout.tsx`, `${ROOT}/app/components/layout/site-frame.tsx`, `${ROOT}/app/lib/i18n.ts`, `${ROOT}/app/lib/session.ts`, `${ROOT}/app/root.tsx`, `${ROOT}/common/translate.ts`].sort(),
    );
  });

  it('leaves out packages, the entry module and what only pages import', () => {
    const frame = frameModules(graph);
    for (const id of [`${ROOT}/app/entry.client.tsx`, `${ROOT}/node_modules/react-dom/client.js`, `${ROOT}/node_modules/react-router/index.mjs`, `${ROOT}/app/routes/topic.tsx`, `${ROOT}/common/zod.ts`]) {
      expect(frame.has(id), id).toBe(false);
    }
  });
});
