/**
 * The providers whose players are embedded (ADR 0030): the embed's address is built from the
 * link alone (a video's id, a post's path), never fetched. Each provider's frame origin is listed
 * once here; the site's Content-Security-Policy allows exactly these in `frame-src`.
 */
import { EMBED_FRAME_ORIGINS } from '../../../common/embeds';

export type ProviderId = 'youtube' | 'vimeo' | 'tiktok' | 'facebook' | 'x' | 'instagram' | 'maps';

export interface ProviderEmbed {
  provider: ProviderId;
  /** The provider's name as shown on the facade. */
  providerName: string;
  /** The iframe's address, on one of FRAME_ORIGINS. */
  src: string;
  /** Tall players (a vertical video, a post) rather than 16:9. */
  shape: 'wide' | 'tall';
}

/** The frame origins of the embeds built below: the CSP's `frame-src`, nothing else. */
export const FRAME_ORIGINS = EMBED_FRAME_ORIGINS;

const NAMES: Record<ProviderId, string> = {
  youtube: 'YouTube',
  vimeo: 'Vimeo',
  tiktok: 'TikTok',
  facebook: 'Facebook',
  x: 'X',
  instagram: 'Instagram',
  maps: 'Google Maps',
};

const ID = /^[A-Za-z0-9_-]+$/;

function hostIs(url: URL, ...hosts: string[]): boolean {
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h || host === `www.${h}` || host === `m.${h}`);
}

function make(provider: ProviderId, src: string, shape: 'wide' | 'tall' = 'wide'): ProviderEmbed {
  return { provider, providerName: NAMES[provider], src, shape };
}

function youtube(url: URL): ProviderEmbed | null {
  let id: string | null = null;
  if (hostIs(url, 'youtu.be')) id = url.pathname.split('/')[1] ?? null;
  else if (hostIs(url, 'youtube.com', 'music.youtube.com', 'youtube-nocookie.com')) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') id = second ?? null;
  }
  if (!id || id.length !== 11 || !ID.test(id)) return null;
  const start = Number.parseInt((url.searchParams.get('t') ?? url.searchParams.get('start') ?? '').replace(/s$/, ''), 10);
  return make('youtube', `https://www.youtube-nocookie.com/embed/${id}?autoplay=1${start > 0 ? `&start=${start}` : ''}`);
}

function vimeo(url: URL): ProviderEmbed | null {
  if (!hostIs(url, 'vimeo.com', 'player.vimeo.com')) return null;
  const id = url.pathname.split('/').find((part) => /^\d{1,12}$/.test(part));
  return id ? make('vimeo', `https://player.vimeo.com/video/${id}?autoplay=1`) : null;
}

function tiktok(url: URL): ProviderEmbed | null {
  if (!hostIs(url, 'tiktok.com')) return null;
  const match = /^\/@[^/]+\/video\/(\d{1,25})\/?$/.exec(url.pathname);
  return match ? make('tiktok', `https://www.tiktok.com/embed/v2/${match[1]}`, 'tall') : null;
}

function facebook(url: URL): ProviderEmbed | null {
  if (!hostIs(url, 'facebook.com')) return null;
  const path = url.pathname;
  const clean = `https://www.facebook.com${path}`;
  if (/^\/[^/]+\/videos\/(?:[^/]+\/)?\d+\/?$/.test(path) || (path === '/watch/' || path === '/watch') && /^\d+$/.test(url.searchParams.get('v') ?? '')) {
    const href = path.startsWith('/watch') ? `https://www.facebook.com/watch/?v=${url.searchParams.get('v')}` : clean;
    return make('facebook', `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(href)}`);
  }
  if (/^\/[^/]+\/posts\/[A-Za-z0-9]+\/?$/.test(path)) return make('facebook', `https://www.facebook.com/plugins/post.php?href=${encodeURIComponent(clean)}`, 'tall');
  return null;
}

function x(url: URL): ProviderEmbed | null {
  if (!hostIs(url, 'twitter.com', 'x.com', 'mobile.twitter.com')) return null;
  const match = /^\/[A-Za-z0-9_]{1,15}\/status(?:es)?\/(\d{1,25})\/?$/.exec(url.pathname);
  return match ? make('x', `https://platform.twitter.com/embed/Tweet.html?id=${match[1]}`, 'tall') : null;
}

function instagram(url: URL): ProviderEmbed | null {
  if (!hostIs(url, 'instagram.com')) return null;
  const match = /^\/(p|reel|tv)\/([A-Za-z0-9_-]{5,40})\/?$/.exec(url.pathname);
  return match ? make('instagram', `https://www.instagram.com/${match[1]}/${match[2]}/embed/`, 'tall') : null;
}

function maps(url: URL): ProviderEmbed | null {
  const host = url.hostname.toLowerCase();
  const isMaps = (host === 'www.google.com' || host === 'google.com' || host === 'maps.google.com') && (host === 'maps.google.com' || url.pathname.startsWith('/maps'));
  if (!isMaps) return null;
  // A place (/maps/place/Name/...) or a search (?q=...): the classic embed takes it as q.
  const place = /^\/maps\/(?:place|search)\/([^/@]+)/.exec(url.pathname)?.[1];
  const at = /@(-?\d{1,3}\.\d+),(-?\d{1,3}\.\d+)/.exec(url.pathname);
  const query = place ? decodeURIComponent(place.replace(/\+/g, ' ')) : (url.searchParams.get('q') ?? url.searchParams.get('query') ?? (at ? `${at[1]},${at[2]}` : null));
  if (!query || query.length > 200) return null;
  return make('maps', `https://www.google.com/maps?output=embed&q=${encodeURIComponent(query)}`);
}

const PROVIDERS = [youtube, vimeo, tiktok, facebook, x, instagram, maps];

/** The provider's embed for a link, or null when the link is none of theirs (a card then, if any). */
export function providerEmbed(href: string): ProviderEmbed | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  for (const provider of PROVIDERS) {
    const embed = provider(url);
    if (embed) return embed;
  }
  return null;
}
