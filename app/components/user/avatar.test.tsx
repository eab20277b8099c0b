import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AVATAR_SIZES } from '../../../common/constants';
import { Avatar, AVATAR_COLORS, avatarColor, avatarInitial, avatarSource } from './avatar';

describe('avatar fallback', () => {
  it('renders the picture when there is one', () => {
    const html = renderToStaticMarkup(<Avatar user={{ id: 3, nickname: 'Somchai', avatar: '/uploads/a.png' }} size={60} />);
    expect(html).toContain('<img');
    expect(html).toContain('src="/uploads/a.png"');
    expect(html).toContain('width="60"');
    expect(html).not.toContain('avatar-fallback');
  });

  it('renders the initial on the user colour when the picture is absent', () => {
    for (const avatar of [undefined, null, '', '   ']) {
      const html = renderToStaticMarkup(<Avatar user={{ id: 3, nickname: 'somchai', avatar }} size={40} />);
      expect(html).toContain('data-testid="avatar-fallback"');
      expect(html).toContain('>S</span>');
      expect(html).toContain(`background-color:${avatarColor(3, 'somchai')}`);
      expect(html).not.toContain('<img');
    }
  });

  it('takes the first whole character of any script', () => {
    expect(avatarInitial('  alice')).toBe('A');
    expect(avatarInitial('小明')).toBe('小');
    expect(avatarInitial('สมชาย')).toBe('ส');
    expect(avatarInitial('👩‍💻 dev')).toBe('👩‍💻');
    expect(avatarInitial('')).toBe('?');
  });

  it('derives a stable colour from the id, or the name when there is no id', () => {
    expect(avatarColor(5, 'a')).toBe(avatarColor(5, 'b'));
    expect(avatarColor(5, 'a')).not.toBe(avatarColor(6, 'a'));
    // Without an id the name decides: different names spread over the palette, never outside it.
    const byName = ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => avatarColor(0, name));
    expect(avatarColor(0, 'a')).not.toBe(avatarColor(0, 'b'));
    expect(new Set(byName).size).toBeGreaterThan(3);
    for (const color of [...byName, avatarColor(0, ''), avatarColor(0, '小明')]) expect(AVATAR_COLORS).toContain(color);
  });

  it('uses the small picture for small sizes', () => {
    const user = { id: 1, nickname: 'n', avatar: '/big.png', smallAvatar: '/small.png' };
    expect(avatarSource(user, 24)).toBe('/small.png');
    expect(avatarSource(user, 100)).toBe('/big.png');
    expect(avatarSource({ id: 1, nickname: 'n', avatar: '/big.png' }, 24)).toBe('/big.png');
  });

  it('accepts every spec size', () => {
    expect(AVATAR_SIZES).toEqual([20, 24, 30, 35, 40, 45, 50, 60, 70, 80, 100, 150]);
    for (const size of AVATAR_SIZES) expect(renderToStaticMarkup(<Avatar user={{ id: 1, nickname: 'x' }} size={size} />)).toContain(`width:${size}px`);
  });
});
