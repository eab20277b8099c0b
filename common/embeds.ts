/**
 * The embedded players' frame origins (ADR 0030), shared by the server (the embeds it builds, the
 * CSP's `frame-src`) and the browser (the facade loads a frame only on one of these).
 */
export const EMBED_FRAME_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.tiktok.com',
  'https://www.facebook.com',
  'https://platform.twitter.com',
  'https://www.instagram.com',
  'https://www.google.com',
] as const;

/** What the sandboxed player frame may do: run the player, play full screen, open the provider in a new tab. */
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation';

/** True when `src` is an https address on one of the embed frame origins. */
export function isEmbedSource(src: string): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && (EMBED_FRAME_ORIGINS as readonly string[]).includes(url.origin);
  } catch {
    return false;
  }
}
