/**
 * Site settings, read through a short in-process cache. Writes go to the database and drop the
 * local cache at once; other processes see the change within CACHE_TTL_MS.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { readAllSettings, upsertSetting } from './settings.repository';
import { defaultSettings, settingsSchema, type Settings } from './settings.schema';

const CACHE_TTL_MS = 5_000;

/** Builds the typed settings object from stored rows, each key validated on its own. */
export function settingsFromRows(rows: Array<{ key: string; value: string }>): Settings {
  const result: Record<string, unknown> = { ...defaultSettings };
  const shape = settingsSchema.shape;
  for (const { key, value } of rows) {
    if (!(key in shape)) continue;
    try {
      const parsed = shape[key as keyof typeof shape].safeParse(JSON.parse(value));
      if (parsed.success) result[key] = parsed.data;
    } catch {
      // An unparsable row keeps the default; the admin screen will show and overwrite it.
    }
  }
  return result as Settings;
}

export async function writeSettings(db: Kysely<DB>, values: Partial<Settings>, now: number): Promise<void> {
  const shape = settingsSchema.shape;
  for (const [key, value] of Object.entries(values)) {
    const schema = shape[key as keyof typeof shape];
    if (!schema) throw new Error(`Unknown setting ${key}`);
    await upsertSetting(db, key, JSON.stringify(schema.parse(value)), now);
  }
}

export class SettingsCache {
  private value: Settings | null = null;
  private loadedAt = 0;

  /**
   * `unreachable(error)`: whether a failed reading means the database cannot be reached (and
   * notes the outage). Then the last reading serves for another TTL: every request reads the
   * settings first (the site's language), and pages the cache holds must still be served.
   */
  constructor(
    private readonly clock: Clock,
    private readonly unreachable: (error: unknown) => boolean = () => false,
  ) {}

  async get(db: Kysely<DB> | null): Promise<Settings> {
    if (!db) return defaultSettings;
    const now = this.clock.now();
    if (this.value && now - this.loadedAt < CACHE_TTL_MS) return this.value;
    try {
      this.value = settingsFromRows(await readAllSettings(db));
    } catch (error) {
      if (!this.value || !this.unreachable(error)) throw error;
    }
    this.loadedAt = now;
    return this.value;
  }

  invalidate(): void {
    this.value = null;
  }
}
