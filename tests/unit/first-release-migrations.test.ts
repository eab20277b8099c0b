/**
 * The first release's migrations stay what was released (ADR 0043): the upgrade test builds the
 * first released schema by running them, which is only true while their files are the released
 * ones and they still run first. Editing one, or adding a migration that sorts before them,
 * fails here rather than quietly moving the baseline.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownMigrations } from '../../server/db/migrate';
import { FIRST_RELEASE_MIGRATIONS, FIRST_RELEASE_SOURCE_SHA256 } from '../support/first-release';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../server/db/migrations');

describe('the first release migrations', () => {
  it.each(FIRST_RELEASE_MIGRATIONS)('%s is the file as released', (name) => {
    const source = readFileSync(path.join(MIGRATIONS_DIR, `${name}.ts`));
    expect(createHash('sha256').update(source).digest('hex')).toBe(FIRST_RELEASE_SOURCE_SHA256[name]);
  });

  it('still run first, in their order', () => {
    expect(knownMigrations().slice(0, FIRST_RELEASE_MIGRATIONS.length)).toEqual([...FIRST_RELEASE_MIGRATIONS]);
  });
});
