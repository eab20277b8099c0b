/**
 * VIP membership (API.md `vip/*`; docs/api-additions.md "VIP membership"): members buy, admins
 * decide and set. The contracts of the vip feature's actions.
 */
import { z } from '../zod';
import { cursorQuery, idField } from '../validation/fields';
import { vipOrderSchema, vipQueueQuery, vipRejectSchema, vipSettingsInput, vipSubmitSchema } from '../validation/vip';
import type { Page } from '../views/page';
import type { VipAdminView, VipMembershipView, VipOrderView, VipPlansView, VipQueuePage, VipSettingsView } from '../views/vip';
import { contract, returns } from './contract';

export const vipActions = {
  plans: contract({
    name: 'vip.plans',
    method: 'GET',
    path: '/api/vip/plans',
    input: z.object({}),
    output: returns<VipPlansView>(),
    summary: 'The network, the wallet and the plans with their prices (403 while VIP is off).',
  }),
  orders: contract({
    name: 'vip.orders',
    method: 'GET',
    path: '/api/vip/orders',
    input: cursorQuery,
    output: returns<Page<VipOrderView>>(),
    summary: 'The reader’s orders, newest first, 20 a page by keyset cursor.',
  }),
  order: contract({
    name: 'vip.order',
    method: 'POST',
    path: '/api/vip/orders',
    input: vipOrderSchema,
    output: returns<VipOrderView>(),
    summary: 'Orders a plan: the exact amount to send (unique among open orders) and its expiry.',
  }),
  submit: contract({
    name: 'vip.submit',
    method: 'POST',
    path: '/api/vip/orders/:id/submit',
    input: vipSubmitSchema.extend({ id: idField }),
    output: returns<VipOrderView>(),
    summary: 'Gives the transaction hash of one’s own pending order.',
    notFound: 'vip.errors.notFound',
  }),
  membership: contract({
    name: 'vip.membership',
    method: null,
    path: null,
    input: z.object({}),
    output: returns<VipMembershipView>(),
    summary: 'The membership page: the reader’s state, the plans, their open order and the first page of their orders.',
  }),
  queue: contract({
    name: 'vip.queue',
    method: 'GET',
    path: '/api/admin/vip/orders',
    input: vipQueueQuery,
    output: returns<VipQueuePage>(),
    summary: 'One state’s orders (submitted by default, oldest submission first), a numbered page with the total.',
  }),
  activate: contract({
    name: 'vip.activate',
    method: 'POST',
    path: '/api/admin/vip/orders/:id/activate',
    input: z.object({ id: idField }),
    output: returns<VipOrderView>(),
    summary: 'Activates a submitted order: the member’s VIP extended.',
    notFound: 'vip.errors.notFound',
  }),
  reject: contract({
    name: 'vip.reject',
    method: 'POST',
    path: '/api/admin/vip/orders/:id/reject',
    input: vipRejectSchema.extend({ id: idField }),
    output: returns<VipOrderView>(),
    summary: 'Rejects a submitted order with the reason the member is told.',
    notFound: 'vip.errors.notFound',
  }),
  settings: contract({
    name: 'vip.settings',
    method: 'GET',
    path: '/api/admin/vip/settings',
    input: z.object({}),
    output: returns<VipSettingsView>(),
    summary: 'The VIP settings panel.',
  }),
  updateSettings: contract({
    name: 'vip.updateSettings',
    method: 'POST',
    path: '/api/admin/vip/settings',
    input: vipSettingsInput,
    output: returns<VipSettingsView>(),
    summary: 'Saves the whole VIP panel (the switch, the wallet, the prices, the expiry, the explorer).',
  }),
  admin: contract({
    name: 'vip.admin',
    method: null,
    path: null,
    input: vipQueueQuery,
    output: returns<VipAdminView>(),
    summary: 'The back office’s VIP screen: the settings panel, one state’s orders, how many wait.',
  }),
};
