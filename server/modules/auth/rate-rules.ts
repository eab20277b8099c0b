/** The account actions' rate-limit rules, built from the `rateLimits` setting (auth.actions.ts declares them, signin-guard.ts counts with them). */
import type { RateRule } from '../../infra/rate-limiter';
import type { Settings } from '../settings/settings.api';

export type AccountRule =
  | 'signinPerIp'
  | 'signinPerAccountIp'
  | 'signinAttackAlert'
  | 'signupPerIp'
  | 'mailPerIp'
  | 'mailPerRecipient'
  | 'mailPerUser'
  | 'passwordCheckPerUser'
  | 'linkCheckPerIp';

const NAMES: Record<AccountRule, string> = {
  signinPerIp: 'signin:ip',
  // Keyed `<account>@<ip>`: one source failing on one account.
  signinPerAccountIp: 'signin:account',
  signinAttackAlert: 'signin:alert',
  signupPerIp: 'signup:ip',
  mailPerIp: 'mail:ip',
  mailPerRecipient: 'mail:to',
  mailPerUser: 'mail:user',
  passwordCheckPerUser: 'password:user',
  linkCheckPerIp: 'link:ip',
};

/** Recipient and per-user mail limits reuse the per-IP mail numbers; current-password checks the per-account sign-in numbers. */
const SOURCE: Record<AccountRule, keyof Settings['rateLimits']> = {
  signinPerIp: 'signinPerIp',
  signinPerAccountIp: 'signinPerAccount',
  signinAttackAlert: 'signinAttackAlert',
  signupPerIp: 'signupPerIp',
  mailPerIp: 'mailPerIp',
  mailPerRecipient: 'mailPerIp',
  mailPerUser: 'mailPerIp',
  passwordCheckPerUser: 'signinPerAccount',
  linkCheckPerIp: 'linkCheckPerIp',
};

export function accountRule(settings: Pick<Settings, 'rateLimits'>, rule: AccountRule): RateRule {
  const { max, windowMs } = settings.rateLimits[SOURCE[rule]];
  return { name: NAMES[rule], max, windowMs };
}
