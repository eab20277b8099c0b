/**
 * The installable app's actions (ADR 0021): the manifest, its icons and the service worker, each
 * answered in its own media type at the address browsers ask for. Public and unlimited like the
 * SEO documents: small reads a browser makes when it installs or updates the app, each answered
 * 304 while nothing changed, the icons drawn once per logo (pwa.icons.ts).
 */
import { pwaActions } from '../../../common/actions/pwa';
import { readAction, who } from '../../kernel/actions';
import { appleTouchIcon, icon, manifest, serviceWorker } from './pwa.usecases';

const PNG = { media: 'image/png' } as const;

export const pwaActionList = [
  readAction(pwaActions.manifest, { who: who.anyone(), answer: { media: 'application/manifest+json' }, run: manifest }),
  readAction(pwaActions.icon, { who: who.anyone(), answer: PNG, run: icon }),
  readAction(pwaActions.appleTouchIcon, { who: who.anyone(), answer: PNG, run: appleTouchIcon }),
  readAction(pwaActions.serviceWorker, { who: who.anyone(), answer: { media: 'text/javascript' }, run: serviceWorker }),
];
