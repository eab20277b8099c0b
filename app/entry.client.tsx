/**
 * Browser entry: loads the page's locale messages (only that locale: its core chunk, and its
 * member chunk when the server marked <html data-member>) and the code of the lazy parts the
 * server rendered (app/lib/server-rendered-part.tsx), then hydrates. <html lang> was
 * rendered by the server from the same locale resolution. Then registers the service worker
 * (app/lib/service-worker.ts), after the page's load.
 */
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { captureDocumentNonce } from './lib/csp-nonce';
import { ensureLocale, ensureMemberSections } from './lib/i18n';
import { asLocale } from './lib/locale';
import { registerServiceWorker } from './lib/service-worker';
import { loadServerRenderedParts } from './lib/server-rendered-part';

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

captureDocumentNonce();

// Hydrate even if the messages failed to load: keys show instead of text, but the page works.
const root = document.documentElement;
const locale = asLocale(root.lang);
// The code of the lazy parts the server rendered comes first too, so they hydrate with the page.
Promise.all([ensureLocale(locale), 'member' in root.dataset ? ensureMemberSections(locale) : undefined, loadServerRenderedParts()]).then(hydrate, (error: unknown) => {
  console.error(error);
  hydrate();
});

// The installable app's worker: offline page, cached build files, push notifications.
registerServiceWorker(locale);
