/**
 * TOTP (RFC 6238) through `otpauth`: 30-second steps, six digits, SHA-1 (what every authenticator
 * app reads from an otpauth:// URI), a window of one step either side. A code is taken at most
 * once: the step it matched is recorded and no step at or before it is accepted again. Loaded on
 * first use (ADR 0008).
 */
export const TOTP_PERIOD_SECONDS = 30;

async function totpOf(secret: string, label = '', issuer = '') {
  const { TOTP, Secret } = await import('otpauth');
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export async function newTotpSecret(): Promise<string> {
  const { Secret } = await import('otpauth');
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans. */
export async function totpUri(secret: string, label: string, issuer: string): Promise<string> {
  return (await totpOf(secret, label, issuer)).toString();
}

/** The time step `code` matches at `now` (±1 step), or null. */
export async function matchTotpStep(secret: string, code: string, now: number): Promise<number | null> {
  const totp = await totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of `secret` at `now` (tests, and nothing else). */
export async function totpCodeAt(secret: string, now: number): Promise<string> {
  return (await totpOf(secret)).generate({ timestamp: now });
}
