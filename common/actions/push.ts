/**
 * Web Push of the signed-in member (docs/api-additions.md "Web Push"): the site's public key,
 * subscribing and unsubscribing this browser, and the member's devices.
 */
import { z } from '../zod';
import { pushDeviceRemoveSchema, pushSubscribeSchema, pushUnsubscribeSchema } from '../validation/push';
import type { PushDevicesView, PushDeviceView, PushKeyView, PushUnsubscribedView } from '../views/push';
import { contract, returns } from './contract';

export const pushActions = {
  key: contract({
    name: 'push.key',
    method: 'GET',
    path: '/api/user/push/key',
    input: z.object({}),
    output: returns<PushKeyView>(),
    summary: 'The site’s VAPID public key (base64url), for `pushManager.subscribe`’s `applicationServerKey`.',
  }),
  subscribe: contract({
    name: 'push.subscribe',
    method: 'POST',
    path: '/api/user/push/subscribe',
    input: pushSubscribeSchema,
    output: returns<PushDeviceView>(),
    summary: 'Stores this browser’s push subscription (`PushSubscription.toJSON()`) for the reader, in the reader’s language; the same endpoint again updates its row. At most 10 devices: the oldest goes.',
  }),
  unsubscribe: contract({
    name: 'push.unsubscribe',
    method: 'POST',
    path: '/api/user/push/unsubscribe',
    input: pushUnsubscribeSchema,
    output: returns<PushUnsubscribedView>(),
    summary: 'Forgets this browser’s subscription (the reader’s own only).',
  }),
  devices: contract({
    name: 'push.devices',
    method: 'GET',
    path: '/api/user/push/devices',
    input: z.object({}),
    output: returns<PushDevicesView>(),
    summary: 'The reader’s devices that take push notifications, newest first.',
  }),
  removeDevice: contract({
    name: 'push.removeDevice',
    method: 'POST',
    path: '/api/user/push/devices/remove',
    input: pushDeviceRemoveSchema,
    output: returns<null>(),
    summary: 'Stops push notifications to one of the reader’s devices.',
  }),
};
