/**
 * The push use cases, one function per action (push.actions.ts declares who may call each — the
 * signed-in member, for their own devices — its limit and its answer).
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { pushActions } from '../../../common/actions/push';
import type { PushDevicesView, PushDeviceView, PushKeyView, PushUnsubscribedView } from '../../../common/views/push';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import { checkSubscription, devicesOf, presentDevice, removeDevice, subscribe, unsubscribe } from './push.service';
import { ensureVapidKeys } from './push.vapid';

type Input<K extends keyof typeof pushActions> = ParsedInputOf<(typeof pushActions)[K]>;

/** GET user/push/key: the public half only (a site installed before push gets its pair now). */
export async function pushKey({ db, caller }: ReadCall<Input<'key'>, undefined>): Promise<PushKeyView> {
  const { publicKey } = await ensureVapidKeys(db, caller.now);
  return { publicKey };
}

/** POST user/push/subscribe: this browser, for the reader, in the reader's interface language. */
export async function subscribeDevice({ ctx, scope, caller, input }: WriteCall<Input<'subscribe'>, undefined>): Promise<PushDeviceView> {
  checkSubscription(input, ctx.config);
  const subscriber = { userId: memberOf(caller).id, locale: caller.locale, userAgent: caller.origin.userAgent };
  return presentDevice(await subscribe(scope.db, subscriber, input, scope.now));
}

/** POST user/push/unsubscribe: this browser, if it is the reader's. */
export async function unsubscribeDevice({ scope, caller, input }: WriteCall<Input<'unsubscribe'>, undefined>): Promise<PushUnsubscribedView> {
  return { removed: await unsubscribe(scope.db, memberOf(caller).id, input.endpoint) };
}

/** GET user/push/devices. */
export async function deviceList({ db, caller }: ReadCall<Input<'devices'>, undefined>): Promise<PushDevicesView> {
  return { devices: await devicesOf(db, memberOf(caller).id) };
}

/** POST user/push/devices/remove. */
export async function removeOneDevice({ scope, caller, input }: WriteCall<Input<'removeDevice'>, undefined>): Promise<null> {
  await removeDevice(scope.db, memberOf(caller).id, input.id);
  return null;
}
