/**
 * The phone feature's actions (ADR 0021, issue 29): sending a sign-in code, signing in with it,
 * and a member's phone (read, a code to a new number, binding, removing). Who may call each, its
 * limits (codes per number with a one-a-minute cool-down, per address; failed sign-ins per
 * address) and its answer.
 */
import { phoneActions } from '../../../common/actions/phone';
import { SMS_CODE } from '../../../common/validation/phone';
import { signInAnswerSchema } from '../../../common/views/auth';
import { memberPhoneViewSchema, smsCodeSentViewSchema } from '../../../common/views/phone';
import { isSameOrigin } from '../../http/request-context';
import { errors } from '../../infra/errors';
import { limit, readAction, who, writeAction, type Guard, type LimitRule } from '../../kernel/actions';
import { startSignIn } from '../auth/auth.api';
import { bind, checkBindCode, checkSignInCode, myPhone, remove, sendBindCode, sendSignInCode, signInWithPhone } from './phone.usecases';

/** Login CSRF (as password sign-in): another site must not sign a visitor in to someone's account. */
const refuseCrossSite: Guard = (_ctx, _settings, _raw, request) => {
  if (!isSameOrigin(request)) throw errors.forbidden('errors.crossOrigin');
};

const numberOf = ({ input }: { input: unknown }): string | null => {
  const phone = (input as { phone?: unknown }).phone;
  return typeof phone === 'string' ? phone : null;
};

/** Per address, then a number's cool-down (one a minute), then the number's hourly count. */
const smsRules: LimitRule[] = [
  { rule: (s) => ({ name: 'sms:ip', ...s.rateLimits.smsPerIp }), key: 'ip' },
  { rule: { name: 'sms:cooldown', max: 1, windowMs: SMS_CODE.cooldownMs }, key: numberOf },
  { rule: (s) => ({ name: 'sms:number', ...s.rateLimits.smsPerNumber }), key: numberOf },
];

/** Failed code checks: taken before the code is read (parallel guesses count), given back on success. */
const codeCheckLimit = (key: 'ip' | 'user') =>
  limit.rules([{ rule: (s) => ({ name: `phone-signin:${key}`, ...s.rateLimits.phoneSigninPerIp }), key }], { stage: 'beforeInput', onSuccess: 'release' });

const ACCOUNT_SECURITY = 'account security: the member keeps control of how they sign in';

export const phoneActionList = [
  writeAction(phoneActions.sendSignInCode, {
    who: who.anyone('signing in is how a banned member reads why and until when'),
    guards: [refuseCrossSite],
    limit: limit.rules(smsRules),
    answer: smsCodeSentViewSchema,
    run: sendSignInCode,
  }),
  writeAction(phoneActions.signIn, {
    who: who.anyone('signing in is how a banned member reads why and until when'),
    guards: [refuseCrossSite],
    limit: codeCheckLimit('ip'),
    answer: signInAnswerSchema,
    prepare: checkSignInCode,
    run: signInWithPhone,
    respond: startSignIn,
  }),
  readAction(phoneActions.mine, { who: who.reader(), answer: memberPhoneViewSchema, run: myPhone }),
  writeAction(phoneActions.sendBindCode, {
    who: who.member(ACCOUNT_SECURITY),
    limit: limit.rules(smsRules),
    answer: smsCodeSentViewSchema,
    run: sendBindCode,
  }),
  writeAction(phoneActions.bind, {
    who: who.member(ACCOUNT_SECURITY),
    limit: codeCheckLimit('user'),
    answer: memberPhoneViewSchema,
    prepare: checkBindCode,
    run: bind,
  }),
  writeAction(phoneActions.remove, {
    who: who.member(ACCOUNT_SECURITY),
    limit: limit.none('one’s own number, removed once; nothing piles up'),
    answer: memberPhoneViewSchema,
    run: remove,
  }),
];
