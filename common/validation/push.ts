/**
 * What a browser sends to subscribe to Web Push (docs/api-additions.md "Web Push"): the
 * subscription as `PushSubscription.toJSON()` gives it. The shape is checked here (both sides);
 * whether the server may send to the endpoint (https, no private address) is the server's rule
 * (modules/push/push.endpoint.ts), since it depends on how the server runs.
 */
import { z } from '../zod';
import { ADDRESS_CHARACTERS_MESSAGE, isCleanAddress } from './address';
import { idField } from './fields';

/** Push endpoints are long capability URLs (FCM's are about 190 characters); this bounds the row. */
export const PUSH_ENDPOINT_MAX = 1024;

/** base64url without padding (a browser's `toJSON()`; a trailing `=` some send is accepted and dropped). */
function base64urlOfBytes(bytes: number, message: string) {
  const chars = Math.ceil((bytes * 4) / 3);
  return z
    .string({ error: message })
    .trim()
    .transform((value) => value.replace(/=+$/, ''))
    .refine((value) => value.length === chars && /^[A-Za-z0-9_-]+$/.test(value), message);
}

function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export const pushEndpointField = z
  .string({ error: 'push.validation.endpoint' })
  .trim()
  .min(1, 'push.validation.endpoint')
  .max(PUSH_ENDPOINT_MAX, 'push.validation.endpoint')
  .refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE)
  .refine(isAbsoluteUrl, 'push.validation.endpoint');

/** POST user/push/subscribe: the browser's P-256 public key (65 bytes) and auth secret (16 bytes). */
export const pushSubscribeSchema = z.object({
  endpoint: pushEndpointField,
  keys: z.object(
    {
      p256dh: base64urlOfBytes(65, 'push.validation.p256dh'),
      auth: base64urlOfBytes(16, 'push.validation.auth'),
    },
    { error: 'push.validation.keys' },
  ),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

/** POST user/push/unsubscribe: this browser's endpoint. */
export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointField });

/** POST user/push/devices/remove: one of the member's devices, by id. */
export const pushDeviceRemoveSchema = z.object({ id: idField });
