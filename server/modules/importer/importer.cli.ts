/**
 * `npm run import:bbs-go -- --from mysql://user:pass@host:port/db [--dry-run] [--uploads <dir or
 * base URL>]`: imports a bbs-go forum into the configured database (any engine), then prints the
 * report. Exit code 0 after a run (skips are reported, not failures), 1 when it could not run.
 */
import { loadConfig, type AppConfig } from '../../config';
import { createDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { publicOrigin } from '../../http/site-address';
import { systemClock } from '../../infra/clock';
import { createStorage } from '../../infra/storage';
import { SettingsCache } from '../settings/settings.api';
import { ImageProcessor, storeImage } from '../uploads/uploads.api';
import { importBbsGo } from './bbs-go.import';
import { BbsGoSource } from './bbs-go.repository';
import { formatReport, type ImportReport } from './importer.report';
import { uploadOriginOf } from './upload-copier';

export interface ImportArgs {
  from: string;
  dryRun: boolean;
  uploads?: string;
}

export const USAGE = 'usage: npm run import:bbs-go -- --from mysql://user:pass@host:port/db [--dry-run] [--uploads <dir or base URL>]';

/** The flags, or a message saying what is wrong. */
export function parseImportArgs(argv: readonly string[]): ImportArgs | string {
  const args: Partial<ImportArgs> = { dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === '--dry-run') args.dryRun = true;
    else if ((flag === '--from' || flag === '--uploads') && value && !value.startsWith('--')) {
      args[flag === '--from' ? 'from' : 'uploads'] = value;
      i++;
    } else return `unknown or incomplete flag ${flag}\n${USAGE}`;
  }
  if (!args.from) return `--from is required\n${USAGE}`;
  if (!/^(mysql|mariadb):\/\//.test(args.from)) return `--from must be a mysql:// address\n${USAGE}`;
  return args as ImportArgs;
}

/** One import into the database `config` names: the report. */
export async function runImport(config: AppConfig, args: ImportArgs, progress?: (line: string) => void): Promise<ImportReport> {
  if (!config.database) throw new Error('No database configured: install the forum first (npm start, then /install) or set DATABASE_URL.');
  const db = createDatabase(config.database, { poolSize: 2 });
  const images = new ImageProcessor(config.images);
  const storage = createStorage(config);
  let source: BbsGoSource | null = null;
  try {
    await migrateToLatest(db);
    source = await BbsGoSource.open(args.from);
    return await importBbsGo(db, {
      source,
      dryRun: args.dryRun,
      uploads: uploadOriginOf(args.uploads),
      storeImage: async (bytes, name) => (await storeImage(images, storage, bytes, name, undefined, db, Date.now())).url,
      siteOrigin: publicOrigin(config),
      trust: (await new SettingsCache(systemClock).get(db)).trust,
      now: () => Date.now(),
      progress,
    });
  } finally {
    await source?.close();
    await images.close();
    await db.destroy();
  }
}

export async function importCli(argv: readonly string[], out: (line: string) => void, err: (line: string) => void): Promise<number> {
  const args = parseImportArgs(argv);
  if (typeof args === 'string') {
    err(args);
    return 1;
  }
  try {
    const report = await runImport(loadConfig(), args, out);
    out('');
    out(formatReport(report));
    return 0;
  } catch (error) {
    err(`import failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
