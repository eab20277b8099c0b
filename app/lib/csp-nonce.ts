/**
 * This response's CSP nonce, for the few libraries that add a `<style>` element at run time
 * (TipTap's base styles, Radix's scroll lock): the page's CSP admits `<style>` elements only
 * with the nonce (server/http/ssr.ts). The server puts it on every script it renders; a script
 * element exposes it as its `nonce` property (the attribute reads empty, by design).
 */
export function pageNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

/**
 * Radix's scroll lock (react-remove-scroll-bar, through get-nonce) reads the nonce from the
 * `__webpack_nonce__` global: set it once, before anything renders.
 */
export function shareNonceWithStyleInjectors(): void {
  const nonce = pageNonce();
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
