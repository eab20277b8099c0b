/**
 * The installable app (issue 27, docs/api-additions.md): the web app manifest, its icons drawn
 * from the site logo, and the service worker. Documents of their own media types, outside /api,
 * at the addresses browsers look for them; a refusal is the JSON envelope, as elsewhere.
 */
import { z } from '../zod';
import { LOCALES } from '../constants';
import { APP_ICON_NAMES } from '../pwa';
import { contract, returns } from './contract';

/** `?v=`: the icons' version in the manifest's links (a new logo, a new address); any value reads the current icon. */
const version = z.string().max(64).optional();

export const pwaActions = {
  manifest: contract({
    name: 'pwa.manifest',
    method: 'GET',
    path: '/manifest.webmanifest',
    input: z.object({}),
    output: returns<string>(),
    summary: 'The web app manifest, made from the site settings (title, description, language, icons).',
    media: 'application/manifest+json',
  }),
  icon: contract({
    name: 'pwa.icon',
    method: 'GET',
    path: '/icons/:name.png',
    input: z.object({ name: z.enum(APP_ICON_NAMES), v: version }),
    output: returns<ArrayBuffer>(),
    summary: 'An app icon (`icon-192`, `icon-512`, `maskable-512`, `apple-touch-icon`): a PNG drawn from the site logo, else from the site’s initial.',
    notFound: 'pwa.errors.noIcon',
    media: 'image/png',
  }),
  appleTouchIcon: contract({
    name: 'pwa.appleTouchIcon',
    method: 'GET',
    // Where iOS looks when a page names none.
    path: '/apple-touch-icon.png',
    input: z.object({ v: version }),
    output: returns<ArrayBuffer>(),
    summary: 'The 180 px home-screen icon iOS asks for: the site logo on the page background.',
    media: 'image/png',
  }),
  serviceWorker: contract({
    name: 'pwa.serviceWorker',
    method: 'GET',
    path: '/sw.js',
    // The reader's language: the offline page the worker keeps is in it.
    input: z.object({ lang: z.enum(LOCALES).optional() }),
    output: returns<string>(),
    summary: 'The service worker (scope `/`): keeps the offline page and the hashed assets, never an API answer or a personal page; shows push notifications.',
    media: 'text/javascript',
  }),
};
