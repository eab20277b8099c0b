/**
 * The installable app's shared facts (issue 27): the colours the browser paints around the app
 * and the icons it is offered. The server's manifest (modules/pwa) and the document head
 * (app/root.tsx) read them, so the toolbar colour of a tab and of the installed app agree.
 */

/**
 * The design's brand colour, `--color-brand-600` of app/app.css (oklch(0.6 0.118 184.704)) in
 * hex: browsers read only sRGB colours in a manifest and in `<meta name="theme-color">`. The site
 * settings have no colour of their own; when they get one, it replaces this.
 */
export const BRAND_COLOR = '#009689';

/** The page background (`bg-zinc-50` of app.css's body): the splash screen while the app starts. */
export const BACKGROUND_COLOR = '#fafafa';

/** The dark mode's page background (`bg-zinc-950`): the toolbar colour of a tab in dark mode. */
export const DARK_BACKGROUND_COLOR = '#09090b';

/** The icons the server draws, by file name (`/icons/<name>.png`), with their side in pixels. */
export const APP_ICONS = {
  'icon-192': 192,
  'icon-512': 512,
  'maskable-512': 512,
  'apple-touch-icon': 180,
} as const;

export type AppIconName = keyof typeof APP_ICONS;
export const APP_ICON_NAMES = Object.keys(APP_ICONS) as AppIconName[];

/** Where the offline page is, for the service worker's fallback and the route table. */
export const OFFLINE_PATH = '/offline';
