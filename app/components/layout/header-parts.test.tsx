import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { badgeText, createItems, MessageNotice, navTarget } from './header-parts';

const inRouter = (node: ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe('create menu items', () => {
  it('lists only the enabled modules, in spec order', () => {
    expect(createItems({ tweet: true, topic: true, article: true }).map((i) => i.to)).toEqual(['/topic/create?type=1', '/topic/create', '/article/create']);
    expect(createItems({ tweet: false, topic: true, article: false }).map((i) => i.to)).toEqual(['/topic/create']);
  });

  it('is empty (the menu hides) when every module is off', () => {
    expect(createItems({ tweet: false, topic: false, article: false })).toEqual([]);
  });
});

describe('message notice', () => {
  it('shows 9+ above nine', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(250)).toBe('9+');
  });

  it('flashes with a badge above zero, and is calm without one at zero', () => {
    const unread = inRouter(<MessageNotice count={12} />);
    expect(unread).toContain('animate-notice-flash');
    expect(unread).toContain('>9+</span>');
    expect(unread).toContain('href="/user/messages"');
    const none = inRouter(<MessageNotice count={0} />);
    expect(none).not.toContain('animate-notice-flash');
    expect(none).not.toContain('9+');
  });
});

describe('nav link targets', () => {
  it('site paths navigate in the app, http(s) addresses open outside, anything else is no link', () => {
    expect(navTarget('/topics')).toBe('internal');
    expect(navTarget('/')).toBe('internal');
    expect(navTarget('https://example.com/guide')).toBe('external');
    expect(navTarget('HTTP://example.com')).toBe('external');
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'topics', '', '/\t/evil.example/x', '/\n/evil.example', 'https://exa\u200bmple.com']) expect(navTarget(url), url).toBeNull();
  });
});
