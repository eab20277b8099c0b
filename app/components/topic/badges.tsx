/**
 * Small labels and counters shared by feed items and the topic page. They repeat many times per
 * page, so they use the short classes and CSS-mask icons of ./topic.css.
 */
import { Link } from 'react-router';
import type { NodeView, TagRef } from './types';
import { useT } from '~/lib/use-t';

const BADGE = 'tp-badge';

/** A decorative icon from ./topic.css (`eye`, `comment`, `heart`, `pin`, `spark`). */
export function MaskIcon({ name, small = false }: { name: 'eye' | 'comment' | 'heart' | 'pin' | 'spark'; small?: boolean }) {
  return <span aria-hidden="true" className={`tp-icon tp-icon-${name}${small ? ' tp-icon-sm' : ''}`} />;
}

export function StickyBadge() {
  const t = useT();
  return (
    <span className={`${BADGE} bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200`} data-testid="badge-sticky">
      <MaskIcon name="pin" small />
      {t('topicUi.badge.sticky')}
    </span>
  );
}

export function RecommendBadge() {
  const t = useT();
  return (
    <span className={`${BADGE} bg-brand-100 text-brand-900 dark:bg-brand-950 dark:text-brand-200`} data-testid="badge-recommend">
      <MaskIcon name="spark" small />
      {t('topicUi.badge.recommend')}
    </span>
  );
}

export function TweetBadge() {
  const t = useT();
  return <span className={`${BADGE} bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200`}>{t('topicUi.badge.tweet')}</span>;
}

export function NodeLink({ node, className = '' }: { node: Pick<NodeView, 'id' | 'name'>; className?: string }) {
  return (
    <Link
      to={`/topics/node/${node.id}`}
      className={className ? `tp-node ${className}` : 'tp-node'}
    >
      {node.name}
    </Link>
  );
}

/** A list's tags, each linking to its feed: `/topics/tag/{id}` unless `base` names another kind's. */
export function TagList({ tags, className = '', base = '/topics/tag' }: { tags: readonly TagRef[]; className?: string; base?: string }) {
  const t = useT();
  if (tags.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`} aria-label={t('topicUi.item.tags')}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <Link to={`${base}/${tag.id}`} className="tp-tag">
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

type StatIcon = 'eye' | 'comment' | 'heart';

function Stat({ icon, label, value }: { icon: StatIcon; label: string; value: number }) {
  return (
    <li title={label}>
      <MaskIcon name={icon} />
      <span aria-hidden="true">{compactNumber(value)}</span>
      <span className="sr-only">{label}</span>
    </li>
  );
}

/** 1234 → 1.2k; small numbers as they are (same on server and browser: no locale formatting). */
export function compactNumber(value: number): string {
  if (value < 1000) return String(value);
  if (value < 1_000_000) return `${(value / 1000).toFixed(value < 10_000 ? 1 : 0).replace(/\.0$/, '')}k`;
  return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
}

export function TopicStats({ viewCount, commentCount, likeCount, className = '' }: { viewCount: number; commentCount: number; likeCount: number; className?: string }) {
  const t = useT();
  return (
    <ul className={className ? `tp-stats ${className}` : 'tp-stats'} aria-label={t('topicUi.item.stats')}>
      <Stat icon="eye" label={t('topicUi.item.views', { count: viewCount })} value={viewCount} />
      <Stat icon="comment" label={t('topicUi.item.comments', { count: commentCount })} value={commentCount} />
      <Stat icon="heart" label={t('topicUi.item.likes', { count: likeCount })} value={likeCount} />
    </ul>
  );
}
