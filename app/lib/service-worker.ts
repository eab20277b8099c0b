/**
 * The service worker's registration (issue 27; the worker is server/modules/pwa/service-worker.js):
 * after the page has loaded, so it never competes with the page's own files; in production builds
 * only (under the dev server, Vite's modules change under a worker's cache); where supported
 * (HTTPS or localhost). It asks the reader nothing: notifications are asked for elsewhere, on a
 * click. `?lang=` is the reader's language: the offline page the worker keeps is in it, and a
 * reader who switches language gets a worker that keeps the page in the new one.
 */
import type { Locale } from '../../common/constants';

/** The worker's address for a language: every registration names the same one (a different address would replace the worker). */
export function serviceWorkerUrl(locale: string): string {
  return `/sw.js?lang=${encodeURIComponent(locale)}`;
}

export function registerServiceWorker(locale: Locale): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(serviceWorkerUrl(locale), { scope: '/' }).catch((error: unknown) => {
      // The site works without it; say why for whoever looks at the console.
      console.warn('Service worker not registered:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
