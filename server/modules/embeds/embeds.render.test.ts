/**
 * How a bare link is shown (ADR 0030): the providers' embeds built from the link alone, the card's
 * text escaped, OpenGraph read with its fallbacks, and every link that is not alone in its
 * paragraph left as it was.
 */
import { describe, expect, it } from 'vitest';
import { isEmbedSource } from '../../../common/embeds';
import { translator } from '../../../common/i18n';
import { readMeta } from './embeds.meta';
import { providerEmbed } from './embeds.providers';
import { bareLinks, decorate } from './embeds.render';

const t = translator('en-US');
const bare = (url: string) => `<p><a href="/redirect?url=${encodeURIComponent(url)}" rel="noopener noreferrer nofollow" target="_blank">${url}</a></p>`;

describe('embeds render', () => {
  it('builds each provider’s player address from the link, on the allowed frame origins', () => {
    const cases: Array<[string, string]> = [
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
      ['https://youtu.be/dQw4w9WgXcQ?t=42', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&start=42'],
      ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
      ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?autoplay=1'],
      ['https://www.tiktok.com/@someone/video/7231338487075638570', 'https://www.tiktok.com/embed/v2/7231338487075638570'],
      ['https://x.com/jack/status/20', 'https://platform.twitter.com/embed/Tweet.html?id=20'],
      ['https://twitter.com/jack/status/20', 'https://platform.twitter.com/embed/Tweet.html?id=20'],
      ['https://www.instagram.com/p/CxYz123AbC/', 'https://www.instagram.com/p/CxYz123AbC/embed/'],
      ['https://www.facebook.com/somepage/videos/1234567890/', 'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fsomepage%2Fvideos%2F1234567890%2F'],
      ['https://www.google.com/maps/place/Victory+Monument/@13.76,100.53,17z', 'https://www.google.com/maps?output=embed&q=Victory%20Monument'],
    ];
    for (const [link, src] of cases) {
      const embed = providerEmbed(link);
      expect(embed?.src, link).toBe(src);
      expect(isEmbedSource(embed!.src), link).toBe(true);
    }
    for (const link of ['https://www.youtube.com/watch?v=short', 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ', 'https://example.com/', 'javascript:alert(1)', 'https://x.com/jack']) {
      expect(providerEmbed(link), link).toBeNull();
    }
    expect(isEmbedSource('https://evil.example/embed')).toBe(false);
  });

  it('finds only links alone in their paragraph', () => {
    const html = `<p>See <a href="https://a.example/">https://a.example/</a> here</p>${bare('https://b.example/x?y=1&z=2')}<p><a href="https://c.example/"><strong>c</strong></a></p><ul><li><a href="https://d.example/">d</a></li></ul>`;
    expect(bareLinks(html)).toEqual(['https://b.example/x?y=1&z=2']);
  });

  it('shows a YouTube link as a click-to-load facade: no frame, no provider request in the markup', () => {
    const out = decorate(bare('https://www.youtube.com/watch?v=dQw4w9WgXcQ'), new Map(), t);
    expect(out).toContain('class="embed-facade"');
    expect(out).toContain('data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1"');
    expect(out).toContain('YouTube');
    expect(out).not.toContain('<iframe');
    expect(out).not.toMatch(/<img[^>]+youtube/);
  });

  it('shows a card from the cache with every field escaped; without one the link stays plain', () => {
    const url = 'https://news.example/story';
    const fields = { title: '<script>alert(1)</script>', description: '" onmouseover="x', siteName: '<b>News</b>', image: 'https://cdn.example/a.jpg' };
    const out = decorate(bare(url), new Map([[url, fields]]), t);
    expect(out).toContain('class="link-card"');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('<b>');
    expect(out).toContain('&quot; onmouseover=&quot;x');
    expect(out).toContain('<img class="link-card-image" src="https://cdn.example/a.jpg"');
    expect(decorate(bare(url), new Map(), t)).toBe(bare(url));
    // An image that is not https is not shown.
    expect(decorate(bare(url), new Map([[url, { ...fields, image: 'http://cdn.example/a.jpg' }]]), t)).not.toContain('<img');
  });

  it('reads OpenGraph, then Twitter tags, then <title>; keeps only https images; decodes and flattens text', () => {
    const page = `<html><head><title>Fallback &amp; title</title><meta name="twitter:description" content="From twitter"><meta property="og:image" content="/img/a.png"><meta property="og:site_name" content="Site\u0000 Name"></head><body><meta property="og:title" content="in body"></body></html>`;
    expect(readMeta(page, 'https://site.example/post')).toEqual({ title: 'Fallback & title', description: 'From twitter', siteName: 'Site Name', image: 'https://site.example/img/a.png' });
    expect(readMeta(page, 'http://site.example/post').image).toBe('');
    expect(readMeta('<head><meta content="OG" property="og:title"><meta property="og:image" content="javascript:alert(1)"></head>', 'https://s.example/').title).toBe('OG');
    expect(readMeta('<head><meta property="og:image" content="data:image/png;base64,AAAA"></head>', 'https://s.example/').image).toBe('');
  });
});
