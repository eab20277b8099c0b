/**
 * VIP requests (issue 18, API.md `vip/*`, the back office's VIP screen): choosing a plan, the
 * transaction hash, an admin's rejection, the queue's filters, and the VIP settings (stored in
 * the settings store under `vip`; the admin's form sends the same shape). Messages are i18n keys
 * of the `vip` and `adminVip` sections.
 */
import { z } from '../zod';
import { ADDRESS_CHARACTERS_MESSAGE, isCleanAddress } from './address';
import { isTronAddress, PRICE_TEXT, TX_HASH, usdtToMicro, VIP_LIMITS, VIP_ORDER_STATUSES, VIP_PLANS } from '../vip';
import { integerField } from './fields';
import { ADMIN_PAGE_MAX } from './moderation';

export const vipOrderSchema = z.object({ plan: z.enum(VIP_PLANS, { error: 'vip.validation.plan' }) });
export type VipOrderInput = z.infer<typeof vipOrderSchema>;

/** 64 hexadecimal characters, stored lower case (the same transaction in either case is one hash). */
export const vipSubmitSchema = z.object({
  txHash: z
    .string({ error: 'vip.validation.txHashRequired' })
    .trim()
    .min(1, 'vip.validation.txHashRequired')
    .regex(TX_HASH, 'vip.validation.txHash')
    .transform((hash) => hash.toLowerCase()),
});

export const vipRejectSchema = z.object({
  reason: z
    .string({ error: 'adminVip.validation.reasonRequired' })
    .trim()
    .min(1, 'adminVip.validation.reasonRequired')
    .max(VIP_LIMITS.reasonMax, 'adminVip.validation.reasonTooLong'),
});
export type VipRejectInput = z.infer<typeof vipRejectSchema>;

/** The queue: submitted orders by default (oldest first); the other states for looking back. */
export const vipQueueQuery = z.object({
  status: z.enum(VIP_ORDER_STATUSES, { error: 'validation.invalid' }).default('submitted'),
  page: integerField(1).pipe(z.number().max(ADMIN_PAGE_MAX, 'validation.invalid')).default(1),
});
export type VipQueueQuery = z.infer<typeof vipQueueQuery>;

// ---------------------------------------------------------------------------------------------
// Settings

const priceField = z
  .string({ error: 'adminVip.validation.price' })
  .trim()
  .regex(PRICE_TEXT, 'adminVip.validation.price')
  .refine((text) => (usdtToMicro(text) ?? 0) > 0, 'adminVip.validation.price');

const addressField = z
  .string({ error: 'adminVip.validation.address' })
  .trim()
  .refine((text) => text === '' || isTronAddress(text), 'adminVip.validation.address');

/** An http(s) page address with `{hash}` where the transaction id goes. */
const explorerField = z
  .string({ error: 'adminVip.validation.explorerUrl' })
  .trim()
  .refine(isCleanAddress, ADDRESS_CHARACTERS_MESSAGE)
  .max(300, 'adminVip.validation.explorerUrl')
  .refine((text) => /^https?:\/\/[^\s/]+\/\S*$/i.test(text) && text.includes('{hash}'), 'adminVip.validation.explorerUrl');

const expiryField = z.number({ error: 'adminVip.validation.expiryMinutes' }).int('adminVip.validation.expiryMinutes').min(5, 'adminVip.validation.expiryMinutes').max(1440, 'adminVip.validation.expiryMinutes');

export const VIP_DEFAULT_PRICES = { '1y': '30', '2y': '50', forever: '150' } as const;
export const VIP_DEFAULT_EXPLORER = 'https://tronscan.org/#/transaction/{hash}';

const pricesShape = { '1y': priceField, '2y': priceField, forever: priceField };

/** The admin's form (POST admin/vip/settings): every field; switching VIP on needs a wallet address. */
export const vipSettingsInput = z
  .object({
    enabled: z.boolean({ error: 'validation.invalid' }),
    address: addressField,
    prices: z.object(pricesShape, { error: 'adminVip.validation.price' }),
    orderExpiryMinutes: expiryField,
    explorerUrl: explorerField,
  })
  .refine((value) => !value.enabled || value.address !== '', { message: 'adminVip.validation.addressRequired', path: ['address'] });
export type VipSettingsInput = z.infer<typeof vipSettingsInput>;

const rateRule = z.object({ max: z.number().int().min(0), windowMs: z.number().int().min(1000) });

/**
 * The stored `vip` setting: each field with its own default, so a row written before a field
 * existed (`{enabled}` alone) still reads. `orderLimit`: new orders per member (max 0: no limit).
 */
export const vipSettingsStored = z.object({
  enabled: z.boolean().default(false),
  address: addressField.default(''),
  prices: z.object(pricesShape).default({ ...VIP_DEFAULT_PRICES }),
  orderExpiryMinutes: expiryField.default(60),
  explorerUrl: explorerField.default(VIP_DEFAULT_EXPLORER),
  orderLimit: rateRule.default({ max: 10, windowMs: 60 * 60_000 }),
});
export type VipSettings = z.infer<typeof vipSettingsStored>;
