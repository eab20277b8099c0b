/** The account routes' rate-limit rules, built from the `rateLimits` setting. */
import type { RateRule } from '../../infra/rate-limiter';
import type { Settings } from '../settings/settings.schema';

export type AccountRule = 'signinPerIp' | 'signinPerAccount' | 'signupPerIp' | 'mailPerIp' | 'mailPerRecipient' | 'mailPerUser' | 'passwordCheckPerUser';

const NAMES: Record<AccountRule, string> = {
  signinPerIp: 'signin:ip',
  signinPerAccount: 'signin:account',
  signupPerIp: 'signup:ip',
  mailPerIp: 'mail:ip',
  mailPerRecipient: 'mail:to',
  mailPerUser: 'mail:user',
  passwordCheckPerUser: 'password:user',
};

/** Recipient and per-user mail limits reuse the per-IP mail numbers; current-password checks the per-account sign-in numbers. */
const SOURCE: Record<AccountRule, keyof Settings['rateLimits']> = {
  signinPerIp: 'signinPerIp',
  signinPerAccount: 'signinPerAccount',
  signupPerIp: 'signupPerIp',
  mailPerIp: 'mailPerIp',
  mailPerRecipient: 'mailPerIp',
  mailPerUser: 'mailPerIp',
  passwordCheckPerUser: 'signinPerAccount',
};

export function accountRule(settings: Pick<Settings, 'rateLimits'>, rule: AccountRule): RateRule {
  const { max, windowMs } = settings.rateLimits[SOURCE[rule]];
  return { name: NAMES[rule], max, windowMs };
}
