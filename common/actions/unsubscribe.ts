/**
 * One-click unsubscribe from a notification mail or the digest (issue 27; RFC 2369, RFC 8058;
 * docs/api-additions.md "Unsubscribe"). The mail's `List-Unsubscribe` address takes a POST from
 * the mail provider; a GET of it (a person's click, a scanner's prefetch) changes nothing and is
 * sent on to the page `/unsubscribe?token=…`, which asks before it turns anything off.
 */
import { oneClickSchema, unsubscribeTokenSchema } from '../validation/unsubscribe';
import type { Unsubscribed, UnsubscribePreview } from '../views/unsubscribe';
import { contract, returns } from './contract';

export const unsubscribeActions = {
  oneClick: contract({
    name: 'unsubscribe.oneClick',
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    input: oneClickSchema,
    output: returns<Unsubscribed>(),
    summary: 'Turns off the one e-mail preference a mail’s signed token names (RFC 8058 one-click: form body `List-Unsubscribe=One-Click`, token in the query or the body). No sign-in.',
    queryFields: ['token'],
  }),
  link: contract({
    name: 'unsubscribe.link',
    method: 'GET',
    path: '/api/notifications/unsubscribe',
    input: unsubscribeTokenSchema,
    output: returns<string>(),
    summary: 'A GET of a mail’s List-Unsubscribe address: changes nothing, answers 303 to the page /unsubscribe?token=… that asks first.',
    media: 'text/plain',
  }),
  preview: contract({
    name: 'unsubscribe.preview',
    method: null,
    path: null,
    input: unsubscribeTokenSchema,
    output: returns<UnsubscribePreview>(),
    summary: 'What a token would turn off, and whose (the page /unsubscribe).',
  }),
};
