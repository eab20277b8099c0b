/** Password hashing: argon2id with the library's OWASP-aligned defaults. */

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

/**
 * A real hash of a random password, computed once. Verifying against it when the account does
 * not exist makes sign-in take as long for unknown users as for known ones (no user enumeration
 * by timing).
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  return decoy;
}
