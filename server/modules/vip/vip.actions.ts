/**
 * The VIP feature's actions (ADR 0021): members buy (signed in; a new order needs no ban and VIP
 * switched on, and spends the member's order allowance once its plan is valid), admins decide
 * and set (`vip:manage`: moderators are refused), before the body's field errors.
 */
import { vipActions } from '../../../common/actions/vip';
import { pageOf } from '../../../common/views/page';
import { vipAdminViewSchema, vipMembershipViewSchema, vipOrderViewSchema, vipPlansViewSchema, vipQueuePageSchema, vipSettingsViewSchema } from '../../../common/views/vip';
import { limit, readAction, who, writeAction } from '../../kernel/actions';
import { activate, membership, myOrders, placeOrder, presentVipSettings, readVipSettings, reject, submitTxHash, updateVipSettings, vipAdmin, vipEnabled, vipPlans, vipQueue } from './vip.usecases';

const ADMIN_WRITE = 'an admin’s decision or setting, audited; nothing piles up';

export const vipActionList = [
  readAction(vipActions.plans, { who: who.anyone(), guards: [vipEnabled], answer: vipPlansViewSchema, run: vipPlans }),
  readAction(vipActions.orders, { who: who.reader(), answer: pageOf(vipOrderViewSchema), run: myOrders }),
  writeAction(vipActions.order, {
    who: who.writer(),
    guards: [vipEnabled],
    // Setting `vip.orderLimit` (10 an hour), per member; a refused plan (400) costs nothing.
    limit: limit.perUser((settings) => ({ name: 'vip:order', ...settings.vip.orderLimit })),
    answer: vipOrderViewSchema,
    run: placeOrder,
  }),
  writeAction(vipActions.submit, {
    who: who.member('a payment made before the ban still gets its hash recorded (a new order is refused)'),
    limit: limit.none('one hash per order, the member’s own pending orders only (their number bounded by the order limit)'),
    answer: vipOrderViewSchema,
    run: submitTxHash,
  }),
  readAction(vipActions.membership, { who: who.reader(), answer: vipMembershipViewSchema, run: membership }),
  readAction(vipActions.queue, { who: who.staff('vip:manage'), answer: vipQueuePageSchema, run: vipQueue }),
  writeAction(vipActions.activate, { who: who.staff('vip:manage'), limit: limit.none(ADMIN_WRITE), answer: vipOrderViewSchema, run: activate }),
  writeAction(vipActions.reject, { who: who.staff('vip:manage'), limit: limit.none(ADMIN_WRITE), answer: vipOrderViewSchema, run: reject }),
  readAction(vipActions.settings, { who: who.staff('vip:manage'), answer: vipSettingsViewSchema, run: readVipSettings }),
  writeAction(vipActions.updateSettings, { who: who.staff('vip:manage'), limit: limit.none(ADMIN_WRITE), answer: vipSettingsViewSchema, run: updateVipSettings, present: presentVipSettings }),
  readAction(vipActions.admin, { who: who.staff('vip:manage'), answer: vipAdminViewSchema, run: vipAdmin }),
];
