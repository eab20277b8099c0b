import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { frameChunkPlugin } from './scripts/frame-chunk';
import { precompressPlugin } from './scripts/precompress.mjs';

// The site bundle. Vitest has its own config (vitest.config.ts) so unit tests never load the
// React Router plugin. The browser build's files get brotli and gzip copies once written
// (scripts/precompress.mjs, ADR 0034), which the server sends as they are; the modules every page
// loads are one file, the frame (scripts/frame-chunk.ts).
export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), frameChunkPlugin(), precompressPlugin()],
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  build: { assetsInlineLimit: 0 },
  // The server's render bundles these instead of importing them from node_modules at start: Radix's
  // one package (`radix-ui`) imports every primitive it has, about thirty packages, for the few the
  // site uses; bundled, only those are kept (a cold start's cost, issue 32). React and React Router
  // stay external: one copy, shared with the server (scripts/build-server.mjs).
  ssr: { noExternal: ['radix-ui', /^@radix-ui\//, 'react-hook-form', 'isbot', 'libphonenumber-js'] },
});
