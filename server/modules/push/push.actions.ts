/**
 * The push feature's actions (ADR 0021): the signed-in member's own devices. A ban does not close
 * them: a banned member still receives the site's notices about their account.
 */
import { pushActions } from '../../../common/actions/push';
import { nothingSchema } from '../../../common/views/page';
import { pushDevicesViewSchema, pushDeviceViewSchema, pushKeyViewSchema, pushUnsubscribedViewSchema } from '../../../common/views/push';
import type { RateRule } from '../../infra/rate-limiter';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { deviceList, pushKey, removeOneDevice, subscribeDevice, unsubscribeDevice } from './push.usecases';

const OWN_DEVICES = 'one’s own devices: a ban does not stop the notices about one’s account';

/**
 * Subscribing writes a row the server will later POST to: a member's count is bounded (10 rows,
 * the oldest replaced), but each subscribe also costs a key check and, under a loop, churn. A
 * browser subscribes once per permission grant; 20 in 10 minutes is generous.
 */
export const PUSH_SUBSCRIBE_RULE: RateRule = { name: 'push:subscribe', max: 20, windowMs: 10 * 60_000 };

export const pushActionList = [
  readAction(pushActions.key, { who: who.reader(), answer: pushKeyViewSchema, run: pushKey }),
  writeAction(pushActions.subscribe, { who: who.member(OWN_DEVICES), limit: limit.perUser(PUSH_SUBSCRIBE_RULE), answer: pushDeviceViewSchema, run: subscribeDevice }),
  writeAction(pushActions.unsubscribe, {
    who: who.member(OWN_DEVICES),
    limit: limit.none('deletes one of one’s own rows: nothing piles up'),
    answer: pushUnsubscribedViewSchema,
    run: unsubscribeDevice,
  }),
  readAction(pushActions.devices, { who: who.reader(), answer: pushDevicesViewSchema, run: deviceList }),
  writeAction(pushActions.removeDevice, {
    who: who.member(OWN_DEVICES),
    limit: limit.none('deletes one of one’s own rows: nothing piles up'),
    answer: nothingSchema,
    run: removeOneDevice,
  }),
];
