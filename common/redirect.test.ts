import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirect('/')).toBe('/');
    expect(safeRedirect('/topic/12?page=2#c5')).toBe('/topic/12?page=2#c5');
    expect(safeRedirect('/user/settings')).toBe('/user/settings');
    expect(safeRedirect('  /padded  ')).toBe('/padded');
  });

  it('refuses anything that could leave the site', () => {
    for (const bad of [
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      'evil.example',
      'topic/1',
      '/\t/evil.example',
      '/\n/evil.example',
      // Any whitespace or invisible character inside, not only the controls (common/validation/address.ts).
      '/\u00a0/evil.example',
      '/\u2028/evil.example',
      '/\u200b/evil.example',
      '/topic/1 x',
      '',
      '   ',
      '/' + 'a'.repeat(3000),
    ]) {
      expect(safeRedirect(bad), JSON.stringify(bad)).toBe('/');
    }
  });

  it('answers the fallback for non-strings', () => {
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(['/a'])).toBe('/');
    expect(safeRedirect({ toString: () => '/a' })).toBe('/');
    expect(safeRedirect('//x', '/home')).toBe('/home');
  });
});
