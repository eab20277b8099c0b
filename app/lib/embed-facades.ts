/**
 * The click-to-load facades of embedded players (ADR 0030): content rendered on the server shows a
 * provider's video or post as a button (title, provider); nothing is requested from the provider
 * until the reader clicks it. Then the button becomes the player: a sandboxed iframe on one of the
 * provider frame origins (the CSP's `frame-src` allows exactly those). One listener for the
 * document, so every page's content (topics, tweets, articles, comments) is covered.
 */
import { EMBED_SANDBOX, isEmbedSource } from '../../common/embeds';

function load(button: HTMLButtonElement): void {
  const src = button.dataset.embedSrc ?? '';
  // Content is sanitized, but the frame's address is checked again: only the providers' players.
  if (!isEmbedSource(src)) return;
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = button.dataset.embedTitle ?? '';
  frame.className = 'embed-frame';
  frame.setAttribute('sandbox', EMBED_SANDBOX);
  frame.setAttribute('allow', 'autoplay; encrypted-media; fullscreen; picture-in-picture');
  frame.setAttribute('allowfullscreen', '');
  frame.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  frame.dataset.embedFrame = '';
  button.replaceWith(frame);
  frame.focus();
}

export function installEmbedFacades(): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-embed-src]') : null;
    if (!target) return;
    event.preventDefault();
    load(target);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
