/** Password hashing: argon2id (server/infra/password.ts), and the decoy hash of sign-in. */
import { hashPassword } from '../../infra/password';

export { hashPassword, needsRehash, verifyPassword } from '../../infra/password';

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
