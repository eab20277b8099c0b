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

/** What an item's head is made of: the fields topics and articles share. */
export interface MetaItem {
  /** The document and Open Graph title (the site's name is appended to the first). */
  title: string;
  /** Plain text; its first 160 characters describe the page. */
  summary: string;
  tags: ReadonlyArray<{ name: string }>;
  createTime: number;
  status: number;
}

export interface ItemPage {
  item: MetaItem;
  canonical: string;
  /** A site path (`/uploads/…`) or a full address. */
  image?: string | null;
}

/** The head of an item's page; the not-found title when the loader found none. */
export function itemPageMeta(matches: Matches, page: ItemPage | undefined): MetaDescriptor[] {
  const { site, t } = metaContext(matches);
  if (!page) return [{ title: `${t('site.error.notFound')} · ${site}` }];
  const { item, canonical, image } = page;
  const description = plainExcerpt(item.summary);
  const meta: MetaDescriptor[] = [
    { title: `${item.title} · ${site}` },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'article' },
    { property: 'og:site_name', content: site },
    { property: 'og:title', content: item.title },
    { property: 'og:url', content: canonical },
    { property: 'article:published_time', content: new Date(item.createTime).toISOString() },
  ];
  if (description) meta.push({ name: 'description', content: description }, { property: 'og:description', content: description });
  // Open Graph wants a full address: a site path is made absolute on the canonical origin.
  if (image) meta.push({ property: 'og:image', content: image.startsWith('/') ? new URL(canonical).origin + image : image });
  for (const tag of item.tags) meta.push({ property: 'article:tag', content: tag.name });
  if (item.status !== CONTENT_STATUS.published) meta.push({ name: 'robots', content: 'noindex' });
  return meta;
}

/** The head of a page only its reader sees (an editor): its title, and no search engine. */
export function privateMeta(matches: Matches, title: (t: TFunction) => string): MetaDescriptor[] {
  const { site, t } = metaContext(matches);
  return [{ title: `${title(t)} · ${site}` }, { name: 'robots', content: 'noindex' }];
}
