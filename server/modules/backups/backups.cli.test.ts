/**
 * `npm run backup` and `npm run restore` as an operator runs them (issue 33): real processes
 * (tsx, as the npm scripts), on the data directory's config and on DATABASE_URL. The archive is
 * written 0600 where --out says; the restore prints the comparison and says every table matches;
 * a second restore onto the now non-empty database is refused (exit 1, the reason printed) and
 * --force replaces it; a missing archive argument prints the usage. With BACKUP_S3_BUCKET (a real
 * S3-protocol server, s3rver), `--to-store` puts the archive into the bucket with its row in the
 * back office's list, and `restore --from-store <name>` brings it back from there.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTopic, createUser } from '../../../tests/support/factories';
import { startLocalS3 } from '../../../tests/support/s3-server';
import { Bucket } from '../../infra/s3';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(script: 'backup-cli.ts' | 'restore-cli.ts', args: string[], env: Record<string, string>): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(TSX, [path.join(ROOT, 'server/modules/backups', script), ...args], { env: { ...process.env, NODE_ENV: 'production', ...env }, cwd: ROOT, timeout: 90_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('backup and restore CLIs', () => {
  let t: TestApp;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'sabai-backup-cli-'));

  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    const member = await createUser(t, { nickname: 'CLI member' });
    await createTopic(t, member.user, { title: 'Taken by the CLI' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('backs up with --out, restores onto DATABASE_URL, refuses it a second time, and --force replaces it', { timeout: 180_000 }, async () => {
    const archive = path.join(tmp, 'forum.tar.gz');
    const backup = await cli('backup-cli.ts', ['--out', archive], { DATA_DIR: t.dataDir });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(archive);
    expect(backup.stdout).toMatch(/schema \d{10}_\w+ \(sqlite\)/);
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const target = path.join(tmp, 'target');
    const env = { DATA_DIR: target, DATABASE_URL: 'sqlite:restored.db' };
    const restored = await cli('restore-cli.ts', [archive], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^topics\s+1\s+1\s+[0-9a-f]{16}\s+ok$/m);
    expect(restored.stdout).toContain('Restored: every table matches the archive.');
    expect(existsSync(path.join(target, 'restored.db'))).toBe(true);
    expect(existsSync(path.join(target, 'config.json'))).toBe(true);

    const again = await cli('restore-cli.ts', [archive], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The target database is not empty (it has members).');

    const forced = await cli('restore-cli.ts', [archive, '--force'], env);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('Restored: every table matches the archive.');

    const notAnArchive = await cli('restore-cli.ts', [path.join(target, 'config.json')], env);
    expect(notAnArchive.code).toBe(1);
    expect(notAnArchive.stderr).toContain('cannot be read as a .tar.gz');

    const usage = await cli('restore-cli.ts', [], env);
    expect([usage.code, usage.stderr.trim()]).toEqual([2, 'Usage: npm run restore -- <archive.tar.gz> [--force]\n       npm run restore -- --from-store <name> [--force]']);
  });

  it('--to-store puts the archive into the backups bucket and lists it; restore --from-store brings it back', { timeout: 180_000 }, async () => {
    const s3 = await startLocalS3('sabai-cli-backups');
    const bucket = new Bucket(s3.settings);
    try {
      const store = { ...s3.env, S3_BUCKET: 'sabai-uploads', BACKUP_S3_BUCKET: s3.bucket, BACKUP_S3_PREFIX: 'nightly' };
      const backup = await cli('backup-cli.ts', ['--to-store'], { DATA_DIR: t.dataDir, ...store });
      expect(backup.code, backup.stderr).toBe(0);
      const name = /s3:\/\/sabai-cli-backups\/nightly\/(sabai-backup-[\w-]+\.tar\.gz)/.exec(backup.stdout)?.[1];
      expect(name, backup.stdout).toBeDefined();
      const keys: string[] = [];
      for await (const object of bucket.list('')) keys.push(object.key);
      expect(keys).toEqual([`nightly/${name}`]);
      const row = await t.ctx.state.db!.selectFrom('backups').selectAll().where('file_name', '=', name!).executeTakeFirstOrThrow();
      expect([row.status, row.store, row.size]).toEqual(['done', 'bucket', (await bucket.head(`nightly/${name}`))!.size]);

      const target = path.join(tmp, 'from-store');
      const env = { DATA_DIR: target, DATABASE_URL: 'sqlite:restored.db', ...store };
      const restored = await cli('restore-cli.ts', ['--from-store', name!], env);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(`Copying ${name}`);
      expect(restored.stdout).toContain('Restored: every table matches the archive.');
      // The copy fetched from the bucket is gone.
      expect(existsSync(path.join(target, `.restore-${name}`))).toBe(false);

      const missing = await cli('restore-cli.ts', ['--from-store', 'sabai-backup-none.tar.gz', '--force'], env);
      expect(missing.code).toBe(1);
      // (The SDK may warn about the Node version on stderr first.)
      expect(missing.stderr).toContain('No archive named sabai-backup-none.tar.gz in the backup store.');
      const noBucket = await cli('backup-cli.ts', ['--to-store'], { DATA_DIR: t.dataDir, ...store, BACKUP_S3_BUCKET: 'no-such-bucket' });
      expect(noBucket.code).toBe(1);
      expect(noBucket.stderr).toContain('The backup store refused the archive (objectStorage.error.noBucket)');
    } finally {
      bucket.destroy();
      await s3.close();
    }
  });
});
