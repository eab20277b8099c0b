/**
 * Side columns of the article pages: the most used tags (/articles) and the latest articles
 * (the home page and an article's page), each entry with its cover as a small thumbnail.
 */
import { Link, useLocation } from 'react-router';
import type { TagView } from '../../../common/views/tag';
import { compactNumber } from '~/components/topic/badges';
import { EditIcon } from '~/components/topic/icons';
import { TopicTime } from '~/components/topic/time';
import { ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { paths, signInPath } from '~/lib/paths';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';
import { CoverImage } from './cover-image';
import { ARTICLE_TAG_BASE, articlePath, type FeedArticle } from './types';

const CHIP =
  'inline-flex h-8 items-center gap-1.5 rounded-full border border-zinc-200 bg-white px-3 text-sm text-zinc-700 transition-colors hover:border-brand-300 hover:text-brand-800 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:border-brand-800 dark:hover:text-brand-300';

/** The tags most used by articles, as chips with their article counts. */
export function TagCloud({ tags, activeId }: { tags: TagView[]; activeId?: number }) {
  const t = useT();
  return (
    <Card className="p-4" data-testid="article-tags">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{t('articleUi.aside.tags')}</h2>
      {tags.length === 0 ? (
        <p className="mt-1.5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{t('articleUi.aside.noTags')}</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag.id}>
              <Link to={`${ARTICLE_TAG_BASE}/${tag.id}`} className={`${CHIP} ${tag.id === activeId ? 'border-brand-600 text-brand-800 dark:border-brand-500 dark:text-brand-300' : ''}`} aria-current={tag.id === activeId ? 'page' : undefined}>
                <span>#{tag.name}</span>
                {tag.articleCount > 0 && <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{compactNumber(tag.articleCount)}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** An invitation to write: the editor for members, sign-in (and back here) for visitors. */
export function WriteCard() {
  const t = useT();
  const { user } = useRootData();
  const location = useLocation();
  return (
    <Card className="from-brand-50 dark:from-brand-950/60 bg-gradient-to-br to-white p-4 dark:to-zinc-900" data-testid="write-card">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{t('articleUi.aside.writeTitle')}</h2>
      <p className="mt-1.5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{t('articleUi.aside.writeBody')}</p>
      <ButtonLink to={user ? paths.createArticle : signInPath(location.pathname)} variant="secondary" size="sm" className="mt-3">
        <EditIcon className="size-4" />
        {user ? t('articleUi.feed.write') : t('site.header.signIn')}
      </ButtonLink>
    </Card>
  );
}

/** The newest articles: small cover, title, time; a link to all of them. */
export function LatestArticles({ articles }: { articles: FeedArticle[] }) {
  const t = useT();
  if (articles.length === 0) return null;
  return (
    <Card className="p-4" data-testid="latest-articles">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{t('articleUi.aside.latest')}</h2>
        <Link to="/articles" className="text-brand-800 dark:text-brand-300 text-xs font-medium hover:underline">
          {t('articleUi.aside.all')}
        </Link>
      </div>
      <ul className="mt-3 space-y-3">
        {articles.map((article) => (
          <li key={article.id} className="relative flex gap-3">
            {article.cover ? (
              <CoverImage cover={article.cover} className="mt-0.5 w-20 shrink-0 rounded-md" />
            ) : (
              // Without a cover the titles still line up: a quiet tile stands in.
              <span aria-hidden="true" className="ar-cover mt-0.5 grid w-20 shrink-0 place-items-center rounded-md text-zinc-400 dark:text-zinc-500">
                <EditIcon className="size-5" />
              </span>
            )}
            <div className="min-w-0">
              <Link to={articlePath(article.id)} className="hover:text-brand-800 dark:hover:text-brand-300 line-clamp-2 text-sm leading-5 font-medium text-zinc-900 after:absolute after:inset-0 dark:text-zinc-100">
                {article.title}
              </Link>
              <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                <TopicTime time={article.createTime} />
              </p>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
