import { describe, expect, it } from 'vitest';
import { matchLocale, resolveLocale, translator } from './i18n';

describe('locale resolution (spec §4: cookie, then browser language, then site default)', () => {
  it('prefers a valid cookie', () => {
    expect(resolveLocale('zh-CN', 'en-US,en;q=0.9', 'en-US')).toBe('zh-CN');
  });
  it('ignores an unknown cookie value and uses Accept-Language by q order', () => {
    expect(resolveLocale('fr-FR', 'th;q=0.9,zh-TW;q=0.8,en;q=0.5', 'en-US')).toBe('th-TH');
    expect(resolveLocale('fr-FR', 'fr;q=0.9,zh-TW;q=0.8,en;q=0.5', 'en-US')).toBe('zh-CN');
    expect(resolveLocale(undefined, 'en-GB;q=0.4, zh;q=0.9', 'en-US')).toBe('zh-CN');
  });
  it('falls back to the site default', () => {
    expect(resolveLocale(undefined, 'fr-FR,de;q=0.8', 'th-TH')).toBe('th-TH');
    expect(resolveLocale(undefined, undefined, 'en-US')).toBe('en-US');
    expect(resolveLocale(undefined, 'zh;q=0', 'en-US')).toBe('en-US');
  });
  it('maps language tags onto supported locales', () => {
    expect(matchLocale('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLocale('EN')).toBe('en-US');
    expect(matchLocale('th')).toBe('th-TH');
    expect(matchLocale('th-TH-u-nu-thai')).toBe('th-TH');
    expect(matchLocale('fr')).toBeNull();
  });
  it('translates with interpolation in both locales', () => {
    expect(translator('en-US')('errors.rateLimited', { seconds: 5 })).toBe('Too many requests, please retry in 5 seconds');
    expect(translator('zh-CN')('errors.rateLimited', { seconds: 5 })).toBe('请求过于频繁，请 5 秒后再试');
    expect(translator('th-TH')('errors.rateLimited', { seconds: 5 })).toContain('5');
  });
});
