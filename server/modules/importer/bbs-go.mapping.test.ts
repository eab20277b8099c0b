import { describe, expect, it } from 'vitest';
import { contentTypeOf, imagesOf, memberOf } from './bbs-go.mapping';
import type { BbsGoUser } from './bbs-go.repository';

const NOW = 1_800_000_000_000;
const row: BbsGoUser = {
  id: 7,
  username: ' wang ',
  email: 'Wang@Example.CN',
  email_verified: 1,
  nickname: '小王',
  avatar: '',
  password: '$2a$10$/yqSR3m5azBSDIltyww4AO9Sg6UxsxchTeT040ojVN4dxSzUcpNvm',
  home_page: '',
  description: 'x'.repeat(300),
  score: 12,
  status: 0,
  roles: 'owner,admin',
  forbidden_end_time: 0,
  create_time: 1_700_000_000_000,
  update_time: null,
};

describe("bbs-go's values as Sabai's", () => {
  it('takes a member: roles, bcrypt password only, running bans, trimmed and cut fields', () => {
    expect(memberOf(row, '', NOW)).toMatchObject({ username: 'wang', email: 'Wang@Example.CN', role: 'admin', passwordHash: row.password, forbiddenUntil: 0, createTime: 1_700_000_000_000, updateTime: 1_700_000_000_000 });
    expect(memberOf(row, '', NOW).signature).toHaveLength(255);
    expect(memberOf({ ...row, roles: '', password: 'e10adc3949ba59abbe56e057f20f883e' }, '', NOW)).toMatchObject({ role: 'member', passwordHash: null });
    expect(memberOf({ ...row, forbidden_end_time: -1 }, '', NOW).forbiddenUntil).toBe(-1);
    expect(memberOf({ ...row, forbidden_end_time: NOW - 1 }, '', NOW).forbiddenUntil).toBe(0);
    expect(memberOf({ ...row, forbidden_end_time: NOW + 1 }, '', NOW).forbiddenUntil).toBe(NOW + 1);
    // Only an avatar stored here is kept (an address of the old site would break with it).
    expect(memberOf(row, 'https://old.example.com/res/uploads/a.png', NOW).avatar).toBe('');
    expect(memberOf(row, '/uploads/ab/cd/x.webp', NOW).avatar).toBe('/uploads/ab/cd/x.webp');
  });

  it('reads content types and picture lists as bbs-go writes them, and anything else safely', () => {
    expect(contentTypeOf('html')).toBe('html');
    expect(contentTypeOf(null)).toBe('markdown');
    expect(contentTypeOf('bbcode')).toBe('markdown');
    expect(imagesOf('[{"url":"/res/uploads/a.png","preview":"x"},"/b.png",{"url":""},null]')).toEqual([{ url: '/res/uploads/a.png' }, { url: '/b.png' }]);
    expect(imagesOf('not json')).toEqual([]);
    expect(imagesOf('{"url":"/a.png"}')).toEqual([]);
  });
});
