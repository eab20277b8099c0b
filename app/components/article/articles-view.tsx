/**
 * The article list pages' view (`/articles`, `/articles/tag/{id}`): the first page rendered on
 * the server, further pages through the JSON API, the most used tags beside it, and the page's
 * title, description, canonical link and RSS feed.
 */
import { useLocation, type MetaDescriptor } from 'react-router';
import { FeedHeading, ListShell, StartButton, TagHeading } from '~/components/content/list-shell';
import { useBanUntil } from '~/components/moderation/ban-notice';
import { metaContext } from '~/components/content/item-meta';
import { EditIcon, HashIcon } from '~/components/topic/icons';
import { RenderNowProvider } from '~/components/topic/time';
import { ButtonLink } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { paths, signInPath } from '~/lib/paths';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';
import { TagCloud, WriteCard } from './article-aside';
import { ArticleFeed } from './article-feed';
import type { ArticleFeedData } from './types';

function WriteButton() {
  const t = useT();
  const { user } = useRootData();
  const banned = useBanUntil() !== 0;
  if (!user || banned) return null;
  return <StartButton to={paths.createArticle} label={t('articleUi.feed.write')} testId="write-article" />;
}

function ArticlesEmpty({ data }: { data: ArticleFeedData }) {
  const t = useT();
  const { user } = useRootData();
  const location = useLocation();
  if (data.tag) {
    return (
      <EmptyState icon={<HashIcon className="size-6" />} title={t('articleUi.empty.tagTitle', { tag: data.tag.name })}>
        {t('articleUi.empty.tagBody')}
      </EmptyState>
    );
  }
  const action = user ? (
    <ButtonLink to={paths.createArticle}>{t('articleUi.feed.write')}</ButtonLink>
  ) : (
    <ButtonLink to={signInPath(location.pathname)} variant="secondary">
      {t('site.header.signIn')}
    </ButtonLink>
  );
  return (
    <EmptyState icon={<EditIcon className="size-6" />} title={t('articleUi.empty.title')} action={action}>
      {user ? t('articleUi.empty.member') : t('articleUi.empty.visitor')}
    </EmptyState>
  );
}

function Heading({ data }: { data: ArticleFeedData }) {
  const t = useT();
  // The heading names the tag once; the line under it is the tag's description, when it has one.
  if (data.tag) return <TagHeading name={data.tag.name} sub={data.tag.description || undefined} />;
  return <FeedHeading sub={t('articleUi.feed.subtitle')}>{t('articleUi.feed.title')}</FeedHeading>;
}

export function ArticlesView({ data }: { data: ArticleFeedData }) {
  const t = useT();
  const label = data.tag ? t('articleUi.feed.tagLabel', { tag: data.tag.name }) : t('articleUi.feed.label');
  return (
    <RenderNowProvider now={data.now}>
      <ListShell
        heading={<Heading data={data} />}
        action={<WriteButton />}
        aside={
          <aside className="space-y-4 lg:sticky lg:top-20 lg:self-start" aria-label={t('articleUi.aside.label')}>
            <TagCloud tags={data.tags} activeId={data.tag?.id} />
            <WriteCard />
          </aside>
        }
        testId="article-feed"
      >
        <ArticleFeed page={data.page} source={data.source} label={label} empty={<ArticlesEmpty data={data} />} lead={!data.tag} />
      </ListShell>
    </RenderNowProvider>
  );
}

/** Title, description, canonical, Open Graph and (on /articles) the RSS feed of a list page. */
export function articlesMeta({ data, matches }: { data: ArticleFeedData | undefined; matches: ReadonlyArray<{ id: string; data?: unknown } | undefined> }): MetaDescriptor[] {
  const { site, t, description: siteDescription } = metaContext(matches);
  if (!data) return [{ title: `${t('site.error.notFound')} · ${site}` }];
  const section = t('articleUi.feed.title');
  const title = data.tag ? `${t('topicUi.tag.heading', { tag: data.tag.name })} · ${section} · ${site}` : `${section} · ${site}`;
  const description = data.tag?.description || t('articleUi.feed.subtitle') || siteDescription;
  const tags: MetaDescriptor[] = [
    { title },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: data.canonical },
  ];
  if (!data.tag) tags.push({ tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: t('article.rss.latestTitle', { site }), href: `${new URL(data.canonical).origin}/rss/articles.xml` });
  return tags;
}
