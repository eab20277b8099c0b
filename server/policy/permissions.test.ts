import { describe, expect, it } from 'vitest';
import { AppError } from '../infra/errors';
import { can, isBanned, requireVerifiedWriter, requireWriter, type Actor } from './permissions';

const NOW = 1_800_000_000_000;
const actor = (over: Partial<Actor> = {}): Actor => ({ id: 1, role: 'member', forbidden_until: 0, email_verified: 1, ...over });

function codeOf(fn: () => void): number | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.errorCode : -1;
  }
}

describe('permissions', () => {
  it('lets owners and moderators edit, not other members or anonymous', () => {
    const item = { userId: 1 };
    expect(can(actor(), 'content:edit', item)).toBe(true);
    expect(can(actor({ id: 2 }), 'content:edit', item)).toBe(false);
    expect(can(actor({ id: 2, role: 'moderator' }), 'content:edit', item)).toBe(true);
    expect(can(null, 'content:edit', item)).toBe(false);
  });

  it('reserves role changes to admins and moderation to moderators', () => {
    expect(can(actor({ role: 'moderator' }), 'user:setRole')).toBe(false);
    expect(can(actor({ role: 'admin' }), 'user:setRole')).toBe(true);
    expect(can(actor(), 'content:moderate')).toBe(false);
    expect(can(actor({ role: 'bogus' }), 'admin:access')).toBe(false);
  });

  it('treats -1 as a permanent ban and past ends as no ban', () => {
    expect(isBanned({ forbidden_until: -1 }, NOW)).toBe(true);
    expect(isBanned({ forbidden_until: NOW + 1 }, NOW)).toBe(true);
    expect(isBanned({ forbidden_until: NOW - 1 }, NOW)).toBe(false);
    expect(isBanned({ forbidden_until: 0 }, NOW)).toBe(false);
  });

  it('gates writers: 1 anonymous, 3 banned, 4 unverified; moderators pass', () => {
    expect(codeOf(() => requireWriter(null, NOW))).toBe(1);
    expect(codeOf(() => requireWriter(actor({ forbidden_until: -1 }), NOW))).toBe(3);
    expect(codeOf(() => requireWriter(actor(), NOW))).toBeNull();
    expect(codeOf(() => requireVerifiedWriter(actor({ email_verified: 0 }), NOW))).toBe(4);
    expect(codeOf(() => requireVerifiedWriter(actor({ role: 'moderator', email_verified: 0 }), NOW))).toBeNull();
  });
});
