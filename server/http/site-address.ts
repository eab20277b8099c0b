/**
 * The site's own address, for every absolute link the server writes (mails, sitemaps, RSS,
 * canonical and og:url links): PUBLIC_URL, else the address recorded at install (`buildApp`
 * fills `config.publicUrl` from the `siteUrl` setting), else `http://localhost:PORT` (`buildApp`
 * warns at start). Never a request's Host header: whoever sends a request chooses it, so a reset
 * mail would hand them the victim's token and a cached page would carry their links to everyone.
 * Pure (no server singletons), so page loaders may import it too.
 */
import { localSiteUrl, type AppConfig } from '../config';

export function siteBaseUrl(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return (config.publicUrl || localSiteUrl(config.port)).replace(/\/+$/, '');
}

/** The origin (`https://host[:port]`) of `siteBaseUrl`. */
export function siteOriginOf(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  try {
    return new URL(siteBaseUrl(config)).origin;
  } catch {
    return localSiteUrl(config.port);
  }
}

/**
 * The origin of PUBLIC_URL only (null when unset or unparsable): content rendering keeps links
 * to this origin direct, and must not guess one.
 */
export function publicOrigin(config: Pick<AppConfig, 'publicUrl'>): string | null {
  if (!config.publicUrl) return null;
  try {
    return new URL(config.publicUrl).origin;
  } catch {
    return null;
  }
}
