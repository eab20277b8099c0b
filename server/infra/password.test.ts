import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password';

// A bcrypt hash as Go's x/crypto/bcrypt writes it (bbs-go's passwd.EncodePassword, cost 10) of 'alice-pass-2024'.
const BBS_GO_HASH = '$2a$10$/yqSR3m5azBSDIltyww4AO9Sg6UxsxchTeT040ojVN4dxSzUcpNvm';
// Of a Thai password: bcrypt hashes its UTF-8 bytes, as Go does.
const THAI_HASH = '$2a$10$7K8tIQ4sug2Tei/DKn2KueCRURUQUkcT29gcZ0dA5Sl8k0TaVJY5O';

describe('passwords: argon2id, and the bcrypt hashes imported members arrive with', () => {
  it('checks a bbs-go bcrypt hash and asks for it to be replaced', async () => {
    expect(await verifyPassword(BBS_GO_HASH, 'alice-pass-2024')).toBe(true);
    expect(await verifyPassword(BBS_GO_HASH, 'alice-pass-2025')).toBe(false);
    expect(await verifyPassword(THAI_HASH, 'รหัสผ่านสมชาย1')).toBe(true);
    expect(needsRehash(BBS_GO_HASH)).toBe(true);
  });

  it('keeps its own hashes as they are, and refuses a malformed one without throwing', async () => {
    const own = await hashPassword('alice-pass-2024');
    expect(own.startsWith('$argon2id$')).toBe(true);
    expect(needsRehash(own)).toBe(false);
    expect(await verifyPassword(own, 'alice-pass-2024')).toBe(true);
    expect(await verifyPassword('$2a$10$short', 'alice-pass-2024')).toBe(false);
    expect(await verifyPassword('not a hash', 'alice-pass-2024')).toBe(false);
  });
});
