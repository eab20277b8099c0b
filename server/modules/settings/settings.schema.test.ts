import { describe, expect, it } from 'vitest';
import { defaultSettings, settingsSchema } from './settings.schema';
import { settingsFromRows, writeSettings } from './settings.service';

const navs = (...urls: string[]) => urls.map((url, i) => ({ title: `Link ${i}`, url }));

describe('site nav links', () => {
  it('accept site paths and http(s) addresses', () => {
    const ok = navs('/', '/topics', '/topic/12?x=1#c', 'https://example.com/guide', 'HTTP://example.com');
    expect(settingsSchema.shape.siteNavs.parse(ok)).toEqual(ok);
  });

  it('refuse any other scheme, another host spelt as a path, and relative or empty urls', () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x', 'mailto:a@b.c', '//evil.example', '/\\evil.example', 'topics', '', ' /topics']) {
      expect(settingsSchema.shape.siteNavs.safeParse(navs(url)).success, url).toBe(false);
    }
  });

  it('a stored row with a bad url falls back to the default (no links), not to a live link', () => {
    const settings = settingsFromRows([{ key: 'siteNavs', value: JSON.stringify(navs('/topics', 'javascript:alert(1)')) }]);
    expect(settings.siteNavs).toEqual(defaultSettings.siteNavs);
    expect(settingsFromRows([{ key: 'siteNavs', value: JSON.stringify(navs('/topics')) }]).siteNavs).toEqual(navs('/topics'));
  });
});

describe('setting keys named like inherited members', () => {
  const inherited = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];

  it('writing one is refused as an unknown setting before any statement', async () => {
    // No database: the refusal comes before the first write.
    const db = null as unknown as Parameters<typeof writeSettings>[0];
    for (const key of inherited.slice(0, 4)) await expect(writeSettings(db, { [key]: 1 } as never, 0), key).rejects.toThrow(`Unknown setting ${key}`);
  });
});
