/**
 * Sign-in providers (issue 29, ADR 0035; docs/api-additions.md "Sign-in providers"): the start
 * and callback of the browser's round trip through a provider, the member's linked providers,
 * and the back office's provider settings.
 */
import { z } from '../zod';
import { providerCallbackSchema, providerStartSchema, saveProviderSchema, unlinkProviderSchema } from '../validation/identities';
import type { AdminProvidersView, AdminProviderView, ConnectionsView, EnabledProvidersView } from '../views/identities';
import { contract, returns } from './contract';

export const identityActions = {
  enabled: contract({
    name: 'identities.enabled',
    method: 'GET',
    path: '/api/login/providers',
    input: z.object({}),
    output: returns<EnabledProvidersView>(),
    summary: 'The sign-in providers switched on (id and button name), for the sign-in page.',
  }),
  start: contract({
    name: 'identities.start',
    method: 'GET',
    path: '/api/login/provider/:provider/start',
    input: providerStartSchema,
    output: returns<string>(),
    summary: 'A browser’s navigation: answers 302 to the provider’s sign-in page with `state`, `nonce` and a PKCE S256 challenge, kept in a signed HttpOnly cookie for 10 minutes. Signed in, the provider is linked to the account on return.',
    media: 'text/plain',
  }),
  callback: contract({
    name: 'identities.callback',
    method: 'GET',
    path: '/api/login/provider/:provider/callback',
    input: providerCallbackSchema,
    output: returns<string>(),
    summary: 'Where the provider sends the browser back: checks `state`, exchanges the code (PKCE), checks the ID token and its `nonce`, then signs in, links, or creates an account; answers 302 to the page asked for, or to /user/signin?error=<code>.',
    media: 'text/plain',
  }),
  connections: contract({
    name: 'identities.connections',
    method: 'GET',
    path: '/api/user/identities',
    input: z.object({}),
    output: returns<ConnectionsView>(),
    summary: 'The reader’s linked sign-in providers, the enabled ones to connect, and how many ways in the account has.',
  }),
  unlink: contract({
    name: 'identities.unlink',
    method: 'POST',
    path: '/api/user/identities/unlink',
    input: unlinkProviderSchema,
    output: returns<null>(),
    summary: 'Unlinks one of the reader’s providers; refused (409) when it is the account’s last way in.',
  }),
  adminList: contract({
    name: 'identities.adminList',
    method: 'GET',
    path: '/api/admin/sign-in-providers',
    input: z.object({}),
    output: returns<AdminProvidersView>(),
    summary: 'Every sign-in provider’s settings, whether its client secret is set (never the secret), and the callback URL to register at it. Admins only.',
  }),
  adminSave: contract({
    name: 'identities.adminSave',
    method: 'POST',
    path: '/api/admin/sign-in-providers',
    input: saveProviderSchema,
    output: returns<AdminProviderView>(),
    summary: 'Saves one provider’s settings; a non-empty `clientSecret` replaces the stored one (never answered back). Admins only.',
  }),
};
