/**
 * The line under an item's title: the author (avatar and name, linked to the profile), when it
 * was published, the IP location and the view count. Topics and articles show it alike.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { IpLocationView } from '../../../common/ip-location';
import type { PublicUser } from '../../../common/views/user';
import { compactNumber } from '~/components/topic/badges';
import { EyeIcon, MapPinIcon } from '~/components/topic/icons';
import { TopicTime } from '~/components/topic/time';
import { Avatar } from '~/components/user/avatar';
import { useT } from '~/lib/use-t';

export interface BylineProps {
  author: Pick<PublicUser, 'id' | 'nickname' | 'avatar' | 'smallAvatar'> | null;
  createTime: number;
  ipLocation: IpLocationView | null;
  viewCount: number;
  className?: string;
  /** More facts at the end of the line (an article's reading time). */
  children?: ReactNode;
}

export function Byline({ author, createTime, ipLocation, viewCount, className = '', children }: BylineProps) {
  const t = useT();
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-zinc-600 dark:text-zinc-400 ${className}`}>
      {author && (
        <Link to={`/user/${author.id}`} className="inline-flex items-center gap-2 font-medium text-zinc-900 hover:underline dark:text-zinc-100">
          {/* The name follows as text: the picture needs no second announcement. */}
          <span aria-hidden="true" className="inline-flex">
            <Avatar user={author} size={30} />
          </span>
          {author.nickname}
        </Link>
      )}
      <span className="inline-flex items-center gap-1">
        <span className="sr-only">{t('topicUi.detail.published')}</span>
        <TopicTime time={createTime} />
      </span>
      {ipLocation && (
        <span className="inline-flex items-center gap-1" data-testid="ip-location">
          <MapPinIcon className="size-4" />
          <span className="sr-only">{t('topicUi.detail.ipLocation')}</span>
          {ipLocation.label}
        </span>
      )}
      <span className="inline-flex items-center gap-1" data-testid="view-count">
        <EyeIcon className="size-4" />
        {t('topicUi.detail.views', { count: viewCount, formatted: compactNumber(viewCount) })}
      </span>
      {children}
    </div>
  );
}
