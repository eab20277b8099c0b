/**
 * Sending one push to one subscription. `web-push` encrypts the payload (RFC 8291, aes128gcm)
 * and signs the VAPID header (RFC 8292); the request itself is ours, so its socket resolves names
 * through the SSRF guard (push.endpoint.ts) and gives up after a deadline. web-push loads on first
 * use (ADR 0008): most processes never push.
 */
import type * as WebPushModule from 'web-push';
import http from 'node:http';
import https from 'node:https';
import type { PushSubscriptionRow } from '../../db/schema';
import { guardedLookup, literalHostAllowed } from './push.endpoint';
import type { VapidKeys } from './push.vapid';

/** How long a push service may take to answer before the attempt counts as failed. */
export const PUSH_TIMEOUT_MS = 10_000;

/** How long the push service keeps an undelivered push: a day (a reply is stale after that). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushOptions {
  vapid: VapidKeys;
  subject: string;
  /** RFC 8030 Topic: a newer push with the same topic replaces an undelivered older one. */
  topic: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  allowLocal: boolean;
}

/** What the push service answered: delivered, gone for good (404/410: the browser unsubscribed), or failed. */
export type PushOutcome = { kind: 'delivered' } | { kind: 'gone'; status: number } | { kind: 'failed'; reason: string };

type WebPush = typeof WebPushModule;
let webPush: Promise<WebPush> | undefined;
function loadWebPush(): Promise<WebPush> {
  // web-push is CommonJS: its functions are the default export's.
  webPush ??= import('web-push').then((module) => (module as unknown as { default?: WebPush }).default ?? module);
  return webPush;
}

function post(endpoint: string, headers: Record<string, string | number>, body: Buffer | null, allowLocal: boolean): Promise<{ status: number; text: string }> {
  const url = new URL(endpoint);
  const client = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method: 'POST', headers, lookup: guardedLookup(allowLocal), timeout: PUSH_TIMEOUT_MS }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      // A push service answers a line or two; more is not read.
      response.on('data', (chunk: string) => {
        if (text.length < 2000) text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`push: no answer within ${PUSH_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

/** Encrypts `payload` for the subscription and posts it to its push service. */
export async function sendPush(subscription: Pick<PushSubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>, payload: string, options: PushOptions): Promise<PushOutcome> {
  if (!literalHostAllowed(subscription.endpoint, options.allowLocal)) return { kind: 'failed', reason: 'private address' };
  const webpush = await loadWebPush();
  const details = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
    vapidDetails: { subject: options.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey },
    TTL: PUSH_TTL_SECONDS,
    urgency: options.urgency,
    topic: options.topic,
    contentEncoding: 'aes128gcm',
  });
  let answer: { status: number; text: string };
  try {
    answer = await post(details.endpoint, details.headers as Record<string, string | number>, details.body, options.allowLocal);
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
  if (answer.status >= 200 && answer.status < 300) return { kind: 'delivered' };
  if (answer.status === 404 || answer.status === 410) return { kind: 'gone', status: answer.status };
  return { kind: 'failed', reason: `push service answered ${answer.status}` };
}
