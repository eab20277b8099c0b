/**
 * One entry of a topic feed. Posts: author line, title, two-line summary, tags, counts.
 * Tweets: author line, the short text itself and its picture grid. Titles and summaries are
 * plain text rendered by React (escaped): never HTML.
 */
import { BlockedCollapse } from '~/components/safety/blocked-collapse';
import { Link } from 'react-router';
import { TOPIC_TYPES } from '../../../common/constants';
import { MaskIcon, NodeLink, RecommendBadge, StickyBadge, TagList, TopicStats, TweetBadge } from './badges';
import { FeedAuthor, FeedAvatar } from './feed-author';
import { ImageGrid } from './image-grid';
import { TopicTime } from './time';
import type { FeedTopic } from './types';
import { useT } from '~/lib/use-t';

export function topicPath(id: number): string {
  return `/topic/${id}`;
}

/** A feed entry, collapsed for a reader who blocked its author (issue 28). */
export function TopicItem(props: { topic: FeedTopic; showSticky?: boolean }) {
  return (
    <BlockedCollapse author={props.topic.user} className="my-2">
      <TopicEntry {...props} />
    </BlockedCollapse>
  );
}

function TopicEntry({ topic, showSticky = true }: { topic: FeedTopic; showSticky?: boolean }) {
  const t = useT();
  const tweet = topic.type === TOPIC_TYPES.tweet;
  const author = topic.user;
  const sticky = showSticky && topic.sticky;
  return (
    <article
      className={sticky ? 'tp-item tp-item-sticky' : 'tp-item'}
      data-testid="topic-item"
      data-topic-id={topic.id}
      aria-labelledby={`topic-${topic.id}-title`}
    >
      <FeedAvatar user={author} />
      <div className="min-w-0 flex-1">
        <div className="tp-item-head">
          <FeedAuthor user={author} />
          {topic.node && <NodeLink node={topic.node} />}
          <span aria-hidden="true" className="tp-dot">
            ·
          </span>
          <TopicTime time={topic.createTime} className="tp-item-time" />
          <LastReply topic={topic} />
          <span className="ml-auto flex items-center gap-1.5">
            {sticky && <StickyBadge />}
            {topic.recommend && <RecommendBadge />}
            {tweet && <TweetBadge />}
          </span>
        </div>

        {tweet ? (
          <Link to={topicPath(topic.id)} className="tp-item-tweet" id={`topic-${topic.id}-title`}>
            <p>
              {topic.summary || t('topicUi.item.imageOnly')}
            </p>
          </Link>
        ) : (
          <>
            <h2 className="tp-item-title" id={`topic-${topic.id}-title`}>
              <Link to={topicPath(topic.id)}>
                {topic.title}
              </Link>
            </h2>
            {topic.summary && <p className="tp-item-summary">{topic.summary}</p>}
          </>
        )}

        {tweet && <ImageGrid images={topic.imageList} className="mt-3" />}
        <div className="tp-item-foot">
          <TagList tags={topic.tags} />
          <TopicStats viewCount={topic.viewCount} commentCount={topic.commentCount} likeCount={topic.likeCount} className="ml-auto" />
        </div>
      </div>
    </article>
  );
}

/**
 * Who replied last, and when: feeds are sorted by activity, so this says why an old topic is at
 * the top. One unbreakable chunk (icon, name, time), so a narrow row wraps before it, not inside.
 */
function LastReply({ topic }: { topic: FeedTopic }) {
  const t = useT();
  const replier = topic.lastCommentUser;
  if (!replier || topic.commentCount === 0) return null;
  return (
    <span className="tp-item-reply" data-testid="topic-last-reply">
      <MaskIcon name="comment" small />
      <Link to={`/user/${replier.id}`} className="tp-item-replier">
        {replier.nickname}
      </Link>
      <span>{t('topicUi.item.replied')}</span>
      <TopicTime time={topic.lastCommentTime} />
    </span>
  );
}
