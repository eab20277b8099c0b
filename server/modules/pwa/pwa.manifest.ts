/**
 * The web app manifest (W3C Web Application Manifest) made from the site settings: what a browser
 * needs to offer "Install" (a name, a start URL in scope, `standalone`, icons of 192 and 512 px)
 * and to paint the app's frame and splash screen in the site's colours.
 */
import { APP_ICONS, BACKGROUND_COLOR, BRAND_COLOR, type AppIconName } from '../../../common/pwa';
import type { SiteSettings } from '../../kernel/actions';

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable';
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description?: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

/** Launchers show about twelve characters under an icon; a longer title is cut there, whole characters only. */
const SHORT_NAME_CHARS = 12;

export function shortNameOf(title: string): string {
  const chars = Array.from(title.trim());
  return chars.length <= SHORT_NAME_CHARS ? chars.join('') : chars.slice(0, SHORT_NAME_CHARS).join('').trimEnd();
}

/** The icons the manifest offers (the apple-touch-icon is the document head's, not the manifest's). */
const MANIFEST_ICONS: ReadonlyArray<{ name: AppIconName; purpose: ManifestIcon['purpose'] }> = [
  { name: 'icon-192', purpose: 'any' },
  { name: 'icon-512', purpose: 'any' },
  { name: 'maskable-512', purpose: 'maskable' },
];

export function iconUrl(name: AppIconName, version: string): string {
  return `/icons/${name}.png?v=${version}`;
}

export function webAppManifest(settings: Pick<SiteSettings, 'siteTitle' | 'siteDescription' | 'language'>, iconVersion: string): WebAppManifest {
  const name = settings.siteTitle.trim() || 'Sabai';
  return {
    // The identity of the installed app: the start page, whatever the title becomes.
    id: '/',
    name,
    short_name: shortNameOf(name),
    ...(settings.siteDescription.trim() ? { description: settings.siteDescription.trim() } : {}),
    lang: settings.language,
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: BRAND_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: MANIFEST_ICONS.map(({ name: icon, purpose }) => ({ src: iconUrl(icon, iconVersion), sizes: `${APP_ICONS[icon]}x${APP_ICONS[icon]}`, type: 'image/png', purpose })),
  };
}
