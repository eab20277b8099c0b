/**
 * Where to send the browser after sign-in or sign-up. Only a path on this site is allowed: it
 * starts with exactly one `/` (not `//`, which browsers read as another host), carries no
 * backslash (`/\evil.com` is `//evil.com` to a browser), no scheme and no control, whitespace or
 * invisible character (the address rule of common/validation/address.ts: browsers drop tabs and
 * newlines, so `/\t/evil.com` would become `//evil.com`). Anything else becomes the fallback, `/`
 * by default. Used by the API and the web pages alike.
 */
import { isCleanAddress } from './validation/address';

export const REDIRECT_MAX_LENGTH = 2048;

export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string') return fallback;
  const path = value.trim();
  if (path.length === 0 || path.length > REDIRECT_MAX_LENGTH) return fallback;
  if (!path.startsWith('/') || path.startsWith('//')) return fallback;
  if (path.includes('\\')) return fallback;
  if (!isCleanAddress(path)) return fallback;
  return path;
}
