/**
 * A link alone in a paragraph, as stored content shows it (ADR 0030): a provider's player behind a
 * click-to-load facade (no third-party request before the click), a card from the preview cache,
 * or — no preview ready, or the page failed — the plain link it was. Rendering never fetches.
 *
 * Stored content is sanitized HTML, so a bare link is exactly `<p><a href="…" …>text</a></p>`
 * (outbound links may go through `/redirect?url=`). Everything put into the markup here is
 * escaped; the facade's frame address is built by embeds.providers.ts from the link alone.
 */
import { EMBED_SANDBOX } from '../../../common/embeds';
import type { TFunction } from '../../../common/i18n';
import { providerEmbed } from './embeds.providers';

/** A ready card's fields (embeds.repository.ts). */
export interface CardFields {
  title: string;
  description: string;
  siteName: string;
  image: string;
}

const BARE_LINK = /<p>\s*<a\s([^>]*)>([^<]{1,2000})<\/a>\s*<\/p>/g;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function unescapeAttribute(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e]!);
}

/** The link's destination: the href itself, or what a `/redirect?url=` href leads to; null unless http(s). */
export function destinationOf(href: string): string | null {
  let target = href;
  if (href.startsWith('/redirect?')) target = new URLSearchParams(href.slice('/redirect?'.length)).get('url') ?? '';
  try {
    const url = new URL(target);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function hrefOf(attributes: string): string | null {
  const match = /\bhref="([^"]*)"/.exec(attributes);
  return match ? unescapeAttribute(match[1]!) : null;
}

/** The destinations of the content's bare links, in order, once each. */
export function bareLinks(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(BARE_LINK)) {
    const href = hrefOf(match[1]!);
    const destination = href && destinationOf(href);
    if (destination) found.add(destination);
  }
  return [...found];
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

function facade(destination: string, linkHtml: string, title: string, t: TFunction): string | null {
  const embed = providerEmbed(destination);
  if (!embed) return null;
  const provider = escapeHtml(embed.providerName);
  const shown = escapeHtml(title);
  return (
    `<figure class="embed-facade" data-embed="${embed.provider}" data-embed-shape="${embed.shape}">` +
    `<button type="button" class="embed-facade-button" data-embed-src="${escapeHtml(embed.src)}" data-embed-sandbox="${EMBED_SANDBOX}" data-embed-title="${escapeHtml(t('embeds.frameTitle', { provider: embed.providerName, title }))}" aria-label="${escapeHtml(t('embeds.play', { title }))}">` +
    `<span class="embed-facade-play" aria-hidden="true"></span>` +
    `<span class="embed-facade-text"><span class="embed-facade-title">${shown}</span>` +
    `<span class="embed-facade-provider">${provider} · ${escapeHtml(t('embeds.loadFrom', { provider: embed.providerName }))}</span></span>` +
    `</button>` +
    `<figcaption class="embed-facade-link">${linkHtml}</figcaption>` +
    `</figure>`
  );
}

function card(linkAttributes: string, destination: string, fields: CardFields, t: TFunction): string {
  const image = fields.image.startsWith('https://') ? `<img class="link-card-image" src="${escapeHtml(fields.image)}" alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer" width="120" height="120">` : '';
  const site = fields.siteName || hostOf(destination);
  const description = fields.description ? `<span class="link-card-description">${escapeHtml(fields.description)}</span>` : '';
  return (
    `<p class="link-card" data-link-card=""><a ${linkAttributes} aria-label="${escapeHtml(t('embeds.cardLabel', { title: fields.title }))}">` +
    image +
    `<span class="link-card-body"><span class="link-card-site">${escapeHtml(site)}</span>` +
    `<span class="link-card-title">${escapeHtml(fields.title)}</span>${description}` +
    `<span class="link-card-host">${escapeHtml(hostOf(destination))}</span></span></a></p>`
  );
}

/**
 * The content with each bare link shown as its embed or card. `cards` holds the ready previews by
 * destination (a link missing from it stays a plain link, unless a provider embeds it).
 */
export function decorate(html: string, cards: ReadonlyMap<string, CardFields>, t: TFunction): string {
  if (!html.includes('<a ')) return html;
  return html.replace(BARE_LINK, (whole, attributes: string, text: string) => {
    const href = hrefOf(attributes);
    const destination = href && destinationOf(href);
    if (!destination) return whole;
    const fields = cards.get(destination);
    const title = fields?.title || unescapeAttribute(text);
    const embedded = facade(destination, `<a ${attributes}>${text}</a>`, title, t);
    if (embedded) return embedded;
    return fields?.title ? card(attributes, destination, fields, t) : whole;
  });
}
