/**
 * Phone sign-in and a member's phone (issue 29, docs/api-additions.md "Phone sign-in"): the
 * contracts of the phone feature's actions.
 */
import { z } from '../zod';
import { phoneBindSchema, phoneSendCodeSchema, phoneSignInSchema } from '../validation/phone';
import type { SignInAnswer } from '../views/auth';
import type { MemberPhoneView, SmsCodeSentView } from '../views/phone';
import { contract, returns } from './contract';

export const phoneActions = {
  sendSignInCode: contract({
    name: 'phone.sendSignInCode',
    method: 'POST',
    path: '/api/login/phone/send_code',
    input: phoneSendCodeSchema,
    output: returns<SmsCodeSentView>(),
    summary: 'Texts a six-digit sign-in code (5 minutes, single use) to the number; the same answer whether or not it has an account. Limited per number (with a cool-down) and per address.',
  }),
  signIn: contract({
    name: 'phone.signIn',
    method: 'POST',
    path: '/api/login/phone/signin',
    input: phoneSignInSchema,
    output: returns<SignInAnswer>(),
    summary: 'Signs in with a number and its SMS code, the user agreement accepted (`agree: true`); an unknown number gets a new account. The session cookie is set.',
  }),
  mine: contract({
    name: 'phone.mine',
    method: 'GET',
    path: '/api/user/phone',
    input: z.object({}),
    output: returns<MemberPhoneView>(),
    summary: 'The member’s verified phone number, and whether it may be removed.',
  }),
  sendBindCode: contract({
    name: 'phone.sendBindCode',
    method: 'POST',
    path: '/api/user/phone/send_code',
    input: phoneSendCodeSchema,
    output: returns<SmsCodeSentView>(),
    summary: 'Texts a code to a new number for the member to confirm it.',
  }),
  bind: contract({
    name: 'phone.bind',
    method: 'POST',
    path: '/api/user/phone/bind',
    input: phoneBindSchema,
    output: returns<MemberPhoneView>(),
    summary: 'Sets (or changes) the member’s phone with the code sent to it; a number another account has is refused.',
  }),
  remove: contract({
    name: 'phone.remove',
    method: 'POST',
    path: '/api/user/phone/remove',
    input: z.object({}),
    output: returns<MemberPhoneView>(),
    summary: 'Forgets the member’s phone, unless it is their only way in.',
  }),
};
