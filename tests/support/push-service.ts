/**
 * A local Web Push service for the delivery tests: a node http server that acts as FCM or
 * Mozilla's autopush would, and a browser's side of a subscription. Written from the RFCs with
 * node:crypto only (never web-push's own code), so it proves what the server sends:
 *   - `browserSubscription()`: a P-256 ECDH key pair and a 16-byte auth secret, as
 *     `PushSubscription.toJSON()` gives them, with an endpoint on this service;
 *   - every POST is checked for a VAPID JWT (RFC 8292: `Authorization: vapid t=<jwt>, k=<key>`,
 *     ES256 over the header and claims, `aud` the endpoint's origin, `exp` within 24 hours, a
 *     `sub`), then its aes128gcm body decrypted (RFC 8291 key derivation, RFC 8188 record):
 *     a push that fails either check is answered 400 and recorded as refused;
 *   - an endpoint may be told to answer 404, 410 or 500 instead (a gone or a failing device).
 */
import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface Delivery {
  /** The endpoint's id (the last path segment). */
  id: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims and the public key that signed it. */
  claims: { aud: string; exp: number; sub: string };
  vapidKey: string;
}

interface Device {
  ecdh: ECDH;
  auth: Buffer;
  publicKey: Buffer;
  /** When set, the service answers this status instead of taking the push. */
  answer: number | null;
}

export interface PushService {
  origin: string;
  /** A browser's new subscription; `host` names the service another way (`localhost`: resolved by the server). */
  browserSubscription(host?: string): BrowserSubscription;
  /** Makes the endpoint answer `status` (404, 410, 500…) from now on; null to take pushes again. */
  answer(endpoint: string, status: number | null): void;
  deliveries: Delivery[];
  /** Pushes refused for a bad signature or a payload that would not decrypt, with why. */
  refused: Array<{ id: string; reason: string }>;
  close(): Promise<void>;
}

function base64urlJson(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A raw uncompressed P-256 point (65 bytes) as a key node:crypto can verify with. */
function p256PublicKey(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
}

/** RFC 8292 §2–3: the `vapid` scheme's token, its signature by `k`, and its claims. */
export function verifyVapid(authorization: string | undefined, origin: string, now: number): { claims: Delivery['claims']; key: string } {
  const match = authorization?.match(/^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/);
  if (!match) throw new Error(`no vapid authorization: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [header, body, signature] = token.split('.') as [string, string, string];
  const head = base64urlJson(header);
  if (head.alg !== 'ES256' || head.typ !== 'JWT') throw new Error(`bad JWT header ${JSON.stringify(head)}`);
  // JOSE ES256 signatures are r‖s (64 bytes), not DER.
  const signed = verify('sha256', Buffer.from(`${header}.${body}`), { key: p256PublicKey(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('the JWT signature does not verify with k');
  const claims = base64urlJson(body);
  if (claims.aud !== origin) throw new Error(`aud ${String(claims.aud)} is not ${origin}`);
  const exp = Number(claims.exp);
  const nowSeconds = Math.floor(now / 1000);
  if (!(exp > nowSeconds && exp <= nowSeconds + 24 * 3600)) throw new Error(`exp ${exp} is not within 24 h of ${nowSeconds}`);
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${String(claims.sub)} is no contact`);
  return { claims: { aud: claims.aud, exp, sub: claims.sub }, key };
}

function hkdf(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
}

/**
 * RFC 8291 §3.4 and RFC 8188 §2: the message's header (salt, record size, the sender's key),
 * the shared secret, the content key and nonce, then the one record, its padding stripped.
 */
export function decryptAes128gcm(body: Buffer, device: Pick<Device, 'ecdh' | 'auth' | 'publicKey'>): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not a P-256 key`);
  if (records.length > recordSize) throw new Error('more than one record');
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, senderKey]);
  const ikm = hkdf(shared, device.auth, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  // The last record ends with the delimiter 2.
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end);
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, Device>();
  const deliveries: Delivery[] = [];
  const refused: PushService['refused'] = [];
  let origin = '';

  const server = http.createServer((request, response) => {
    void (async () => {
      const id = (request.url ?? '').split('/').pop() ?? '';
      const body = await readBody(request);
      const device = devices.get(id);
      if (request.method !== 'POST' || !device) return response.writeHead(404).end();
      if (device.answer !== null) return response.writeHead(device.answer).end('gone or failing, as told');
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${request.headers['content-encoding']}`);
        // The audience is the origin the server addressed (the endpoint's), whichever name it used.
        const { claims, key } = verifyVapid(request.headers.authorization, `http://${request.headers.host}`, Date.now());
        const payload: unknown = JSON.parse(decryptAes128gcm(body, device).toString('utf8'));
        const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
        deliveries.push({ id, payload, ttl: Number(header('ttl')), urgency: header('urgency'), topic: header('topic'), claims, vapidKey: key });
        response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
      } catch (error) {
        refused.push({ id, reason: error instanceof Error ? error.message : String(error) });
        response.writeHead(400).end('refused');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    deliveries,
    refused,
    browserSubscription(host = '127.0.0.1') {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      devices.set(id, { ecdh, auth, publicKey, answer: null });
      return { endpoint: `${origin.replace('127.0.0.1', host)}/push/${id}`, keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') } };
    },
    answer(endpoint, status) {
      const device = devices.get(endpoint.split('/').pop() ?? '');
      if (!device) throw new Error(`no such endpoint ${endpoint}`);
      device.answer = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
