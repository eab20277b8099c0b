import { describe, expect, it } from 'vitest';
import { itemPageMeta, plainExcerpt } from './item-meta';

const matches = [{ id: 'root', data: { locale: 'en-US', config: { siteTitle: 'Sabai', siteDescription: '' } } }];
const item = { title: 'Night trains', summary: 'Tickets,\n berths and   the sunrise.', tags: [{ name: 'night-train' }], createTime: Date.UTC(2026, 0, 2), status: 0 };

function content(meta: ReturnType<typeof itemPageMeta>, key: string, value: string): string | undefined {
  const found = meta.find((m) => (m as Record<string, string>)[key] === value) as Record<string, string> | undefined;
  return found?.content ?? found?.href;
}

describe('item page head', () => {
  it('names the page, links the canonical address and describes it on one line', () => {
    const meta = itemPageMeta(matches, { item, canonical: 'https://sabai.example/article/7' });
    expect(meta[0]).toEqual({ title: 'Night trains · Sabai' });
    expect(content(meta, 'rel', 'canonical')).toBe('https://sabai.example/article/7');
    expect(content(meta, 'name', 'description')).toBe('Tickets, berths and the sunrise.');
    expect(content(meta, 'property', 'og:title')).toBe('Night trains');
    expect(content(meta, 'property', 'article:published_time')).toBe('2026-01-02T00:00:00.000Z');
    expect(content(meta, 'property', 'article:tag')).toBe('night-train');
    expect(content(meta, 'name', 'robots')).toBeUndefined();
  });

  it('makes a site path of the picture a full address for link previews', () => {
    const meta = itemPageMeta(matches, { item, canonical: 'https://sabai.example/article/7', image: '/uploads/ab/cd/cover.webp' });
    expect(content(meta, 'property', 'og:image')).toBe('https://sabai.example/uploads/ab/cd/cover.webp');
  });

  it('keeps pages not (or no longer) published out of search engines', () => {
    const meta = itemPageMeta(matches, { item: { ...item, status: 2 }, canonical: 'https://sabai.example/article/7' });
    expect(content(meta, 'name', 'robots')).toBe('noindex');
  });

  it('cuts descriptions by characters, never inside a pair', () => {
    expect([...plainExcerpt('😀'.repeat(200))].length).toBe(160);
    expect(plainExcerpt('  a \n b  ')).toBe('a b');
  });
});
