/**
 * `npm run setup -- [flags]`: installs Sabai without the server running (see setup.ts for the
 * flags and environment variables). Exit code 0 when installed (or already installed), 1 with
 * the translated reason otherwise.
 */
import { runSetup } from './setup';

const code = await runSetup(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
process.exitCode = code;
