/**
 * Password hashing: argon2id with the library's OWASP-aligned defaults. Here, below every feature,
 * so a feature that asks for the password again before a grave step (the erasure of an account,
 * modules/account-data) checks it without reaching into sign-in (modules/auth re-exports these).
 */

/** The native argon2 addon loads with the first password to hash or check, not at start. */
const argon2 = () => import('@node-rs/argon2');

// Algorithm 2 is argon2id in @node-rs/argon2's numeric enum (a const enum we cannot import under isolatedModules).
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return argon2().then(({ hash }) => hash(password, { algorithm: ARGON2ID }));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
