/**
 * Precompression of the browser build (issue 32, ADR 0034): every compressible file under a
 * directory gets a brotli (`.br`, quality 11, the maximum) and a gzip (`.gz`, level 9) copy beside
 * it, made once at build time, so the server sends stored bytes (server/http/ssr.ts, @fastify/static
 * `preCompressed`) and never compresses a build file per request. Brotli at quality 11 is far too
 * slow to run per response (tens of ms per 100 KB) but costs nothing when done once; gzip is for
 * the few clients that do not say `br`.
 *
 * Runs as the last step of the client's `react-router build` (the Vite plugin below, wired in
 * vite.config.ts), so `npm run build`, `npm start`'s rebuild and the browser journeys' build all
 * make the copies. A copy is kept only when it saves at least MIN_SAVING of the file; files under
 * MIN_BYTES, already-compressed formats (images, fonts) and the copies themselves are skipped.
 * Plain JavaScript (run by Node and by Vite's config loader as it is); types in precompress.d.mts.
 *
 *   node scripts/precompress.mjs [dir]     (default: <build>/client, SABAI_BUILD_DIR honoured)
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats worth compressing; images and fonts (webp, png, woff2) are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|webmanifest)$/i;
/** Below this a file fits in one packet whatever its encoding. */
export const MIN_BYTES = 1024;
/** A copy that saves less than this share of the file is not worth a second variant. */
export const MIN_SAVING = 0.1;

async function* filesUnder(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // Vite's own `.vite/manifest.json` (which React Router removes after the build) is never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file under `dir` (replacing older
 * copies, and removing a copy that no longer saves enough). Answers the totals, for the build's log.
 */
export async function precompress(dir) {
  const files = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    if ((await stat(file)).size < MIN_BYTES) continue;
    files.push(file);
  }
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  // zlib's async calls run on libuv's thread pool: all files at once use every core.
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      const worth = (copy) => copy.length <= data.length * (1 - MIN_SAVING);
      await (worth(br) ? writeFile(`${file}.br`, br) : rm(`${file}.br`, { force: true }));
      await (worth(gz) ? writeFile(`${file}.gz`, gz) : rm(`${file}.gz`, { force: true }));
      totals.files += 1;
      totals.bytes += data.length;
      totals.br += worth(br) ? br.length : data.length;
      totals.gz += worth(gz) ? gz.length : data.length;
    }),
  );
  return totals;
}

/** The Vite plugin: precompresses the client build's output directory once it is written. */
export function precompressPlugin() {
  return {
    name: 'sabai:precompress',
    apply: 'build',
    // Only the browser build: the server build's files are imported by Node, never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options) {
      if (!options.dir) return;
      const started = performance.now();
      const totals = await precompress(options.dir);
      const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
      this.info?.(`precompressed ${totals.files} files in ${Math.round(performance.now() - started)} ms: ${kb(totals.bytes)} → br ${kb(totals.br)}, gzip ${kb(totals.gz)}`);
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = path.resolve(process.argv[2] ?? path.join(root, process.env.SABAI_BUILD_DIR || 'build', 'client'));
  const totals = await precompress(dir);
  console.log(`precompressed ${totals.files} files under ${path.relative(root, dir)}: ${totals.bytes} B → br ${totals.br} B, gzip ${totals.gz} B`);
}
