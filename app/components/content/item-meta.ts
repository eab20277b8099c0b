/**
 * The head of an item's page (a topic, an article): title, canonical link, description, Open
 * Graph and article tags, and `noindex` while it is not published. Built from the root loader's
 * site title and locale, as every page's meta is.
 */
import type { MetaDescriptor } from 'react-router';
import { CONTENT_STATUS, DEFAULT_LOCALE } from '../../../common/constants';
import { tFor, type TFunction } from '~/lib/i18n';
import type { RootData } from '~/lib/session';

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/** The root loader's data among a meta function's matches. */
export function rootDataOf(matches: Matches): RootData | undefined {
  return matches.find((m) => m?.id === 'root')?.data as RootData | undefined;
}

/** The site's title and description and the reader's translator, for a meta function. */
export function metaContext(matches: Matches): { site: string; description: string; t: TFunction } {
  const root = rootDataOf(matches);
  return { site: root?.config.siteTitle || 'Sabai', description: root?.config.siteDescription ?? '', t: tFor(root?.locale ?? DEFAULT_LOCALE) };
}

/** Up to `max` characters of plain text on one line (by characters, never mid-pair). */
export function plainExcerpt(text: string, max = 160): string {
  return [...text.replace(/\s+/g, ' ').trim()].slice(0, max).join('');
}

export interface ItemMetaInput {
  /** The document title (the site's name is appended). */
  title: string;
  /** og:title; the document title when absent. */
  headline?: string;
  description: string;
  canonical: string;
  /** A site path (`/uploads/…`) or a full address. */
  image?: string | null;
  tags: ReadonlyArray<{ name: string }>;
  createTime: number;
  status: number;
}

export function itemMeta(site: string, item: ItemMetaInput): MetaDescriptor[] {
  const title = `${item.title} · ${site}`;
  const description = plainExcerpt(item.description);
  const meta: MetaDescriptor[] = [
    { title },
    { tagName: 'link', rel: 'canonical', href: item.canonical },
    { property: 'og:type', content: 'article' },
    { property: 'og:site_name', content: site },
    { property: 'og:title', content: item.headline || title },
    { property: 'og:url', content: item.canonical },
    { property: 'article:published_time', content: new Date(item.createTime).toISOString() },
  ];
  if (description) meta.push({ name: 'description', content: description }, { property: 'og:description', content: description });
  // Open Graph wants a full address: a site path is made absolute on the canonical origin.
  if (item.image) meta.push({ property: 'og:image', content: item.image.startsWith('/') ? new URL(item.canonical).origin + item.image : item.image });
  for (const tag of item.tags) meta.push({ property: 'article:tag', content: tag.name });
  if (item.status !== CONTENT_STATUS.published) meta.push({ name: 'robots', content: 'noindex' });
  return meta;
}

/** The head of a page only its reader sees (an editor): its title, and no search engine. */
export function privateMeta(matches: Matches, title: (t: TFunction) => string): MetaDescriptor[] {
  const { site, t } = metaContext(matches);
  return [{ title: `${title(t)} · ${site}` }, { name: 'robots', content: 'noindex' }];
}
