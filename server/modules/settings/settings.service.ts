/**
 * Site settings, read through a short in-process cache. A write through the back office
 * (site-settings.usecases.ts) drops this process's cache and tells every other process over the event
 * bus (Redis pub/sub when REDIS_URL is set), which drop theirs: the next read anywhere sees the
 * change. CACHE_TTL_MS only bounds what no message announced (a row written by hand, a message
 * lost while Redis was down).
 */
import type { Kysely } from 'kysely';
import type { Locale } from '../../../common/constants';
import { translator } from '../../../common/i18n';
import type { DB } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { EventBus } from '../../infra/events';
import { readAllSettings, upsertSetting } from './settings.repository';
import { defaultSettings, settingsSchema, type Settings } from './settings.schema';

const CACHE_TTL_MS = 5_000;

/** Builds the typed settings object from stored rows, each key validated on its own. */
export function settingsFromRows(rows: Array<{ key: string; value: string }>): Settings {
  const result: Record<string, unknown> = { ...defaultSettings };
  const shape = settingsSchema.shape;
  for (const { key, value } of rows) {
    // Own keys only: a row named `constructor` must not find Object's.
    if (!Object.hasOwn(shape, key)) continue;
    try {
      const parsed = shape[key as keyof typeof shape].safeParse(JSON.parse(value));
      if (parsed.success) result[key] = parsed.data;
    } catch {
      // An unparsable row keeps the default; the admin screen will show and overwrite it.
    }
  }
  return result as Settings;
}

/** The about texts as the site shows them: an empty setting reads as the default of the site's language. */
export function aboutTexts(settings: Pick<Settings, 'aboutContent' | 'contact' | 'language' | 'siteTitle'>): { aboutContent: string; contact: string } {
  const t = translator(settings.language);
  return {
    aboutContent: settings.aboutContent.trim() ? settings.aboutContent : String(t('site.about.default', { site: settings.siteTitle })),
    contact: settings.contact.trim() ? settings.contact : String(t('site.about.contactDefault')),
  };
}

/** The user agreement (issue 29) as written in the back office, else the default text in `locale`. */
export function agreementText(settings: Pick<Settings, 'userAgreement' | 'siteTitle'>, locale: Locale): string {
  return settings.userAgreement.trim() ? settings.userAgreement : String(translator(locale)('phoneSignIn.agreement.default', { site: settings.siteTitle }));
}

export async function writeSettings(db: Kysely<DB>, values: Partial<Settings>, now: number): Promise<void> {
  const shape = settingsSchema.shape;
  for (const [key, value] of Object.entries(values)) {
    if (!Object.hasOwn(shape, key)) throw new Error(`Unknown setting ${key}`);
    const schema = shape[key as keyof typeof shape];
    await upsertSetting(db, key, JSON.stringify(schema.parse(value)), now);
  }
}

/** The bus topic of "settings changed": every process drops its settings and feed caches. */
export const SETTINGS_CHANGED_TOPIC = 'settings.changed';

export class SettingsCache {
  private value: Settings | null = null;
  private loadedAt = 0;
  /** Moves on every invalidation: a reading that began before one is not kept. */
  private generation = 0;
  private share: ((keys: readonly string[]) => Promise<void>) | null = null;

  /**
   * `unreachable(error)`: whether a failed reading means the database cannot be reached (and
   * notes the outage). Then the last reading serves for another TTL: every request reads the
   * settings first (the site's language), and pages the cache holds must still be served.
   */
  constructor(
    private readonly clock: Clock,
    private readonly unreachable: (error: unknown) => boolean = () => false,
  ) {}

  /**
   * The settings when they are at hand without a read (none installed yet: the defaults; else a
   * copy still fresh), or null: then `get`. Every action starts here, so the common case costs
   * no promise.
   */
  peek(db: Kysely<DB> | null): Settings | null {
    if (!db) return defaultSettings;
    return this.value && this.clock.now() - this.loadedAt < CACHE_TTL_MS ? this.value : null;
  }

  async get(db: Kysely<DB> | null): Promise<Settings> {
    if (!db) return defaultSettings;
    const now = this.clock.now();
    if (this.value && now - this.loadedAt < CACHE_TTL_MS) return this.value;
    const generation = this.generation;
    let read: Settings;
    try {
      read = settingsFromRows(await readAllSettings(db));
    } catch (error) {
      if (!this.value || !this.unreachable(error)) throw error;
      this.loadedAt = now;
      return this.value;
    }
    // An invalidation came while reading: answer what was read, keep nothing that may be stale.
    if (generation !== this.generation) return read;
    this.value = read;
    this.loadedAt = now;
    return read;
  }

  /** Drops this process's copy. */
  invalidate(): void {
    this.value = null;
    this.generation += 1;
  }

  /**
   * After a write committed: drops this copy and tells the other processes sharing the bus;
   * resolves once they have been told, so a read through another process right after sees it.
   */
  async changed(keys: readonly string[]): Promise<void> {
    this.invalidate();
    await this.share?.(keys);
  }

  /**
   * Hears the other processes' writes on `bus`: each drops this copy and calls `onRemoteChange`
   * (the app drops its feed caches there). Answers the function that stops listening.
   */
  connect(bus: EventBus, onRemoteChange: (keys: string[]) => void, onError: (error: unknown) => void): () => void {
    const origin = `${process.pid}:${Math.random().toString(36).slice(2)}`;
    this.share = (keys) => bus.publish(SETTINGS_CHANGED_TOPIC, { origin, keys }).catch(onError);
    const unsubscribe = bus.subscribe(SETTINGS_CHANGED_TOPIC, (payload) => {
      const message = payload as { origin?: unknown; keys?: unknown };
      if (message.origin === origin) return;
      this.invalidate();
      onRemoteChange(Array.isArray(message.keys) ? message.keys.filter((key): key is string => typeof key === 'string') : []);
    });
    return () => {
      this.share = null;
      unsubscribe();
    };
  }

  /** Whether another process's writes are heard (tests). */
  get shared(): boolean {
    return this.share !== null;
  }
}
