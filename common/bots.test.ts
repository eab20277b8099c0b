import { describe, expect, it } from 'vitest';
import { isBot } from './bots';

describe('isBot', () => {
  it('tells a crawler from a browser, and gives the same answer when asked again', () => {
    const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
    for (let round = 0; round < 2; round += 1) {
      expect(isBot(crawler)).toBe(true);
      expect(isBot(browser)).toBe(false);
    }
  });

  it('still answers right after more distinct agents than it remembers', () => {
    for (let n = 0; n < 2_500; n += 1) expect(isBot(`Mozilla/5.0 (X11; Linux x86_64) Chrome/${n}.0 Safari/537.36`)).toBe(false);
    expect(isBot('curl/8.5.0')).toBe(true);
  });
});
