/**
 * Defences against spam and abuse (issue 28, docs/api-additions.md "Defences"): the proof-of-work
 * challenge the sign-up and password reset forms solve, members' trust levels, IP and network bans.
 */
import { z } from '../zod';
import { cursorField, idField } from '../validation/fields';
import { ipBanCreateSchema, setTrustLevelSchema } from '../validation/defences';
import type { ChallengeView, IpBanRemoved, IpBanView, TrustState } from '../views/defences';
import type { Page } from '../views/page';
import { contract, returns } from './contract';

export const challengeActions = {
  challenge: contract({
    name: 'challenge.create',
    method: 'GET',
    path: '/api/auth/challenge',
    input: z.object({}),
    output: returns<ChallengeView>(),
    summary: 'A fresh proof-of-work challenge (ALTCHA), signed and short-lived: the sign-up and password reset forms solve it and send the solution as `altcha`.',
  }),
};

export const trustActions = {
  mine: contract({
    name: 'trust.mine',
    method: 'GET',
    path: '/api/user/trust',
    input: z.object({}),
    output: returns<TrustState>(),
    summary: "The reader's trust level, and what it still holds back (reviewed posts, a cap on links).",
  }),
  of: contract({
    name: 'trust.of',
    method: 'GET',
    path: '/api/admin/trust/:userId',
    input: z.object({ userId: idField }),
    output: returns<TrustState>(),
    summary: "A member's trust level (staff).",
    notFound: 'errors.account.userNotFound',
  }),
  set: contract({
    name: 'trust.set',
    method: 'POST',
    path: '/api/admin/trust/set',
    input: setTrustLevelSchema,
    output: returns<TrustState>(),
    summary: "Sets a member's trust level by hand (locked against automatic changes), or `level: null` to compute it again; audited.",
  }),
};

export const ipBanActions = {
  list: contract({
    name: 'ipBans.list',
    method: 'GET',
    path: '/api/admin/ip_bans',
    input: z.object({ cursor: cursorField }),
    output: returns<Page<IpBanView>>(),
    summary: 'The IP and network bans, newest first.',
  }),
  create: contract({
    name: 'ipBans.create',
    method: 'POST',
    path: '/api/admin/ip_bans/create',
    input: ipBanCreateSchema,
    output: returns<IpBanView>(),
    summary: 'Bans an address or a CIDR range (IPv4, IPv6) for `days` days (0: forever), with a reason; audited.',
  }),
  remove: contract({
    name: 'ipBans.remove',
    method: 'POST',
    path: '/api/admin/ip_bans/remove',
    input: z.object({ id: idField }),
    output: returns<IpBanRemoved>(),
    summary: 'Lifts an IP or network ban; audited.',
  }),
};
