/**
 * This document's CSP nonce, for the few libraries that add a `<style>` element at run time
 * (TipTap's base styles, Radix's scroll lock): the page's CSP admits `<style>` elements only
 * with the nonce (server/http/ssr.ts). The server put it on every script of the document; a
 * script element exposes it as its `nonce` property (the attribute reads empty, by design).
 *
 * Read once, before hydration, and kept: after it, the root re-renders its scripts with the
 * nonce of each later data request (the member's viewer parts, a revalidation), which is not
 * the one this document's CSP names, so a late read would hand out a refused nonce.
 */
let documentNonce: string | undefined;

/** The nonce captured at start-up (`captureDocumentNonce`), or undefined on the server. */
export function pageNonce(): string | undefined {
  return documentNonce;
}

/**
 * Reads the document's nonce (call before hydrating) and hands it to Radix's scroll lock
 * (react-remove-scroll-bar, through get-nonce), which reads the `__webpack_nonce__` global.
 */
export function captureDocumentNonce(): void {
  documentNonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
  if (documentNonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = documentNonce;
}
