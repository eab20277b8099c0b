/**
 * Password hashing: argon2id with the library's OWASP-aligned defaults. Here, below every feature,
 * so a feature that asks for the password again before a grave step (the erasure of an account,
 * modules/account-data) checks it without reaching into sign-in (modules/auth re-exports these).
 *
 * Legacy hashes: members imported from another forum (bbs-go, issue 33) arrive with that forum's
 * bcrypt hash (`$2a$…`). `verifyPassword` checks those too, so the old password works at the first
 * sign-in; `needsRehash` tells sign-in to replace the hash with Sabai's own right then.
 */

/** The native argon2 addon loads with the first password to hash or check, not at start. */
const argon2 = () => import('@node-rs/argon2');
/** bcrypt (pure JavaScript) loads only for an imported member's first sign-in. */
const bcrypt = () => import('bcryptjs');

// Algorithm 2 is argon2id in @node-rs/argon2's numeric enum (a const enum we cannot import under isolatedModules).
const ARGON2ID = 2;

/** bcrypt's modular-crypt prefixes ($2a$ is what Go's x/crypto/bcrypt writes). */
const BCRYPT = /^\$2[aby]\$\d{2}\$/;

export function hashPassword(password: string): Promise<string> {
  return argon2().then(({ hash }) => hash(password, { algorithm: ARGON2ID }));
}

/** Whether a stored hash is another forum's (bcrypt), to be replaced by an argon2id hash at the next sign-in. */
export function needsRehash(passwordHash: string): boolean {
  return BCRYPT.test(passwordHash);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (needsRehash(passwordHash)) return verifyBcrypt(passwordHash, password);
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

async function verifyBcrypt(passwordHash: string, password: string): Promise<boolean> {
  const { compare } = await bcrypt();
  try {
    return await compare(password, passwordHash);
  } catch {
    return false;
  }
}
