import type { Config } from '@react-router/dev/config';

// Framework mode with server rendering: every public page is HTML first, then hydrated.
// The build lands in build/ (server/index.js + client/); server/http/ssr.ts serves it.
export default {
  appDirectory: 'app',
  ssr: true,
  // SABAI_BUILD_DIR lets parallel test runs build without clobbering each other's build/.
  buildDirectory: process.env.SABAI_BUILD_DIR || 'build',
} satisfies Config;
