/** Web Push as the API answers it (docs/api-additions.md "Web Push"). Never the private key. */
import { z } from '../zod';

/** GET user/push/key: the VAPID public key (base64url, 65 bytes uncompressed P-256), the browser's `applicationServerKey`. */
export const pushKeyViewSchema = z.strictObject({ publicKey: z.string() }).meta({ id: 'PushKeyView' });
export type PushKeyView = z.infer<typeof pushKeyViewSchema>;

/** One of the member's devices (a browser's subscription); never its endpoint or keys. */
export const pushDeviceViewSchema = z.strictObject({
  id: z.number(),
  /** "Chrome · Android", from the browser's User-Agent when it subscribed; '' when unknown. */
  device: z.string(),
  createTime: z.number(),
  /** When a push last reached it; 0 before the first. */
  lastSuccessTime: z.number(),
}).meta({ id: 'PushDeviceView' });
export type PushDeviceView = z.infer<typeof pushDeviceViewSchema>;

/** GET user/push/devices: the member's devices, newest first. */
export const pushDevicesViewSchema = z.strictObject({ devices: z.array(pushDeviceViewSchema) }).meta({ id: 'PushDevicesView' });
export type PushDevicesView = z.infer<typeof pushDevicesViewSchema>;

/** POST user/push/unsubscribe: whether this member had that endpoint. */
export const pushUnsubscribedViewSchema = z.strictObject({ removed: z.boolean() }).meta({ id: 'PushUnsubscribedView' });
export type PushUnsubscribedView = z.infer<typeof pushUnsubscribedViewSchema>;
