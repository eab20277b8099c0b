/**
 * The shared `can()` (issue 16): one table the server's `authorize` and the pages' buttons read.
 * Every action × every role, the owner rules, and bans by rank.
 */
import { describe, expect, it } from 'vitest';
import { can, type Action } from './can';

const member = { id: 1, role: 'member' };
const other = { id: 2, role: 'member' };
const moderator = { id: 3, role: 'moderator' };
const admin = { id: 4, role: 'admin' };
const otherAdmin = { id: 5, role: 'admin' };

/** Who may, by role alone (no resource): [member, moderator, admin]. */
const BY_ROLE: Record<Action, [boolean, boolean, boolean]> = {
  'admin:access': [false, true, true],
  'content:moderate': [false, true, true],
  'content:edit': [false, true, true],
  'content:delete': [false, true, true],
  'content:postUnverified': [false, true, true],
  'user:list': [false, true, true],
  'user:ban': [false, true, true],
  'user:setRole': [false, false, true],
  'user:verifyEmail': [false, false, true],
  'words:read': [false, true, true],
  'words:manage': [false, false, true],
  'settings:update': [false, false, true],
  'site:manage': [false, false, true],
  'vip:manage': [false, false, true],
  'jobs:manage': [false, false, true],
  'backups:manage': [false, false, true],
  'user:warn': [false, true, true],
  'ipBans:manage': [false, false, true],
  'trust:set': [false, true, true],
  'user:resetSecurity': [false, false, true],
  'system:inspect': [false, false, true],
};

describe('can()', () => {
  for (const [action, expected] of Object.entries(BY_ROLE) as Array<[Action, [boolean, boolean, boolean]]>) {
    it(`${action}: member ${expected[0]}, moderator ${expected[1]}, admin ${expected[2]}; nobody signed in never`, () => {
      expect([can(member, action), can(moderator, action), can(admin, action)]).toEqual(expected);
      expect(can(null, action)).toBe(false);
      expect(can(undefined, action)).toBe(false);
    });
  }

  it('owners edit and delete their own items, not others\u2019', () => {
    expect(can(member, 'content:edit', { userId: member.id })).toBe(true);
    expect(can(member, 'content:delete', { userId: member.id })).toBe(true);
    expect(can(other, 'content:delete', { userId: member.id })).toBe(false);
    expect(can(moderator, 'content:delete', { userId: member.id })).toBe(true);
  });

  it('bans by rank: moderators ban members only, admins members and moderators, nobody themselves or an equal', () => {
    expect(can(moderator, 'user:ban', { target: member })).toBe(true);
    expect(can(moderator, 'user:ban', { target: { id: 9, role: 'moderator' } })).toBe(false);
    expect(can(moderator, 'user:ban', { target: admin })).toBe(false);
    expect(can(admin, 'user:ban', { target: moderator })).toBe(true);
    expect(can(admin, 'user:ban', { target: otherAdmin })).toBe(false);
    expect(can(admin, 'user:ban', { target: admin })).toBe(false);
    expect(can(member, 'user:ban', { target: other })).toBe(false);
  });

  it('treats an unknown role as a member', () => {
    expect(can({ id: 1, role: 'owner' }, 'admin:access')).toBe(false);
  });
});
