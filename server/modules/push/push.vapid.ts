/**
 * The site's VAPID key pair (RFC 8292): made by the installer, kept in `site_secrets` (`vapid`,
 * JSON) and never shown — only the public key leaves the server (GET user/push/key). A site
 * installed before push existed gets its pair on first need: each process inserts a pair if none
 * exists and then reads the stored one, so racing processes all end with the one pair that won
 * the unique name.
 */
import { createECDH } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/schema';
import { siteBaseUrl } from '../../http/site-address';
import { findSecret, insertSecretIfAbsent } from './push.repository';

export const VAPID_SECRET = 'vapid';

const vapidSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });
export type VapidKeys = z.infer<typeof vapidSchema>;

/** A fresh P-256 pair as web-push takes it: the public key uncompressed (65 bytes), the private scalar (32 bytes), base64url. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // The scalar may have leading zero bytes that the encoding drops; web-push wants 32 bytes.
  const privateKey = Buffer.alloc(32);
  const scalar = ecdh.getPrivateKey();
  scalar.copy(privateKey, 32 - scalar.length);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

function parseStored(value: string): VapidKeys {
  return vapidSchema.parse(JSON.parse(value));
}

/** The stored pair, made now if the site has none (insert-if-absent, then read: one pair across processes). */
export async function ensureVapidKeys(db: Kysely<DB>, now: number): Promise<VapidKeys> {
  const stored = await findSecret(db, VAPID_SECRET);
  if (stored) return parseStored(stored);
  await insertSecretIfAbsent(db, VAPID_SECRET, JSON.stringify(generateVapidKeys()), now);
  const kept = await findSecret(db, VAPID_SECRET);
  if (!kept) throw new Error('push: the VAPID key pair could not be stored');
  return parseStored(kept);
}

/**
 * Who the push services may contact about our pushes (RFC 8292 `sub`): the site's address when
 * it is https, else a mailto: of the configured sender, else of the site's host (a development
 * site on http://localhost has no https address to give).
 */
export function vapidSubject(config: Pick<AppConfig, 'publicUrl' | 'port' | 'mailFrom'>): string {
  const base = siteBaseUrl(config);
  if (base.startsWith('https://')) return base;
  const address = config.mailFrom?.match(/<([^<>\s]+@[^<>\s]+)>/)?.[1] ?? (config.mailFrom?.includes('@') ? config.mailFrom.trim() : null);
  if (address) return `mailto:${address}`;
  let host = 'localhost';
  try {
    host = new URL(base).hostname || host;
  } catch {
    // An unparsable address names no host: the local one stands in.
  }
  return `mailto:webmaster@${host}`;
}
