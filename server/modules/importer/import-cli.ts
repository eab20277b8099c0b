/** `npm run import:bbs-go -- --from mysql://… [--dry-run] [--uploads <dir or URL>]` (importer.cli.ts). */
import { importCli } from './importer.cli';

process.exitCode = await importCli(process.argv.slice(2), (line) => console.log(line), (line) => console.error(line));
