/**
 * The secret-leak check, once for every suite: record every answer body a suite sees, then look
 * for password hashes, token and code digests (read from the database itself) and the column
 * names that would carry them.
 */
import { expect } from 'vitest';
import { requireDb } from '../../server/context';
import type { ApiResponse, RequestOptions, TestApp } from './test-app';

/** The test app's requests, with every answer body kept for `expectNoSecrets`. */
export function recording(t: TestApp) {
  const bodies: string[] = [];
  const record = <T>(res: ApiResponse<T>) => {
    bodies.push(res.raw.body);
    return res;
  };
  return {
    bodies,
    get: async <T = unknown>(url: string, o?: RequestOptions) => record(await t.get<T>(url, o)),
    post: async <T = unknown>(url: string, body?: unknown, o?: RequestOptions) => record(await t.post<T>(url, body, o)),
    form: async <T = unknown>(url: string, form: Record<string, string>, o?: RequestOptions) => record(await t.request<T>('POST', url, { ...o, form })),
  };
}

/** Fails when any body holds a password hash, a token or code digest, or a column that holds one. */
export async function expectNoSecrets(t: TestApp, bodies: readonly string[]): Promise<void> {
  const db = requireDb(t.ctx);
  const hashes = (await db.selectFrom('users').select('password_hash').execute()).map((r) => r.password_hash).filter((h): h is string => !!h);
  const digests = [
    ...(await db.selectFrom('user_tokens').select('token_hash').execute()).map((r) => r.token_hash),
    ...(await db.selectFrom('email_codes').select('code_hash').execute()).map((r) => r.code_hash),
    // SMS codes' digests (modules/phone, issue 29).
    ...(await db.selectFrom('sms_codes').select('code_hash').execute()).map((r) => r.code_hash),
    // The site's private keys (the VAPID pair's private half, modules/push).
    ...(await db.selectFrom('site_secrets').select('value').execute()).flatMap((r) => privateKeysOf(r.value)),
  ];
  // A check over nothing proves nothing: the suite must have seen answers and stored secrets.
  expect(bodies.length).toBeGreaterThan(50);
  expect(hashes.length).toBeGreaterThan(10);
  const all = bodies.join('\n');
  for (const secret of ['$argon2', 'password_hash', 'passwordHash', 'token_hash', 'code_hash', ...hashes, ...digests]) {
    expect(all.includes(secret), secret).toBe(false);
  }
}

/** The `privateKey` of a stored secret's JSON, if it has one. */
export function privateKeysOf(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    const key = parsed && typeof parsed === 'object' ? (parsed as { privateKey?: unknown }).privateKey : undefined;
    return typeof key === 'string' && key ? [key] : [];
  } catch {
    return [];
  }
}
