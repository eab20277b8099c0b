import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultImageWorkers, loadConfig, parseDatabaseUrl, writePersistedConfig } from './config';

describe('configuration', () => {
  const dir = () => mkdtempSync(path.join(os.tmpdir(), 'sabai-cfg-'));

  it('defaults: port 3000, host 0.0.0.0, ./data, not installed, rate limits on', () => {
    const config = loadConfig({ DATA_DIR: dir() });
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', installed: false, database: null, rateLimits: true });
  });

  it('reads the installer-written config.json', () => {
    const dataDir = dir();
    writePersistedConfig(dataDir, { installed: true, database: { type: 'sqlite', file: path.join(dataDir, 'x.db') } });
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ installed: true, database: { type: 'sqlite' } });
    expect(JSON.parse(readFileSync(path.join(dataDir, 'config.json'), 'utf8')).installed).toBe(true);
  });

  it('parses DATABASE_URL for the three engines', () => {
    expect(parseDatabaseUrl('mysql://root:p%40ss@db:3307/forum', '/d')).toEqual({ type: 'mysql', host: 'db', port: 3307, database: 'forum', username: 'root', password: 'p@ss' });
    expect(parseDatabaseUrl('postgres://u@h/f', '/d')).toMatchObject({ type: 'postgres', port: 5432, database: 'f', username: 'u' });
    expect(parseDatabaseUrl('sqlite:forum.db', '/d')).toEqual({ type: 'sqlite', file: '/d/forum.db' });
    expect(() => parseDatabaseUrl('oracle://x/y', '/d')).toThrow(/unsupported/);
  });

  it('refuses invalid environment values at start', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(/Invalid environment/);
    expect(() => loadConfig({ DATA_DIR: dir(), RATE_LIMITS: 'maybe' })).toThrow(/Invalid environment/);
    expect(() => loadConfig({ DATA_DIR: dir(), HEADERS_TIMEOUT_MS: '0' })).toThrow(/Invalid environment/);
    expect(() => loadConfig({ DATA_DIR: dir(), HEADERS_TIMEOUT_MS: '9000', REQUEST_TIMEOUT_MS: '5000' })).toThrow(/HEADERS_TIMEOUT_MS must not exceed/);
  });

  it('limits slow clients by default: headers 20 s, a request 2 min, a body pause 20 s, 256 connections per address', () => {
    expect(loadConfig({ DATA_DIR: dir() }).connections).toEqual({ headersTimeoutMs: 20_000, requestTimeoutMs: 120_000, bodyIdleTimeoutMs: 20_000, maxPerIp: 256 });
  });

  it('limits images to 20,000 × 20,000 and 50 megapixels, decoded by one worker fewer than the cores (1 to 3)', () => {
    expect(loadConfig({ DATA_DIR: dir(), IMAGE_WORKERS: '2' }).images).toEqual({ maxWidth: 20_000, maxHeight: 20_000, maxMegapixels: 50, workers: 2, queueMax: 16 });
    expect([1, 2, 4, 16].map((cores) => defaultImageWorkers(cores))).toEqual([1, 1, 3, 3]);
    expect(loadConfig({ DATA_DIR: dir(), IMAGE_MAX_MEGAPIXELS: '12.5', IMAGE_QUEUE_MAX: '0' }).images).toMatchObject({ maxMegapixels: 12.5, queueMax: 0 });
  });

  it('gives a shutdown 10 s to drain by default', () => {
    expect(loadConfig({ DATA_DIR: dir() }).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ DATA_DIR: dir(), SHUTDOWN_GRACE_MS: '25000' }).shutdownGraceMs).toBe(25_000);
  });
});
