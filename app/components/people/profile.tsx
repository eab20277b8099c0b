/**
 * A member's public profile frame (`/user/{id}`, `…/tweets`, `…/articles`, `…/comments`,
 * `…/fans`, `…/followed`): who they are — avatar,
 * name, signature, website, membership, counts, a ban when there is one — beside one of their
 * lists, chosen by tabs that are real links (each list is its own page, cached and linkable).
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link, type MetaDescriptor } from 'react-router';
import { TOPIC_TYPES } from '../../../common/constants';
import type { PublicUser } from '../../../common/views/user';
import { metaContext } from '~/components/content/item-meta';
import type { FeedSource } from '~/components/content/keyset-feed';
import { compactNumber } from '~/components/topic/badges';
import { CommentIcon, EditIcon, ShieldIcon } from '~/components/topic/icons';
import { RenderNowProvider } from '~/components/topic/time';
import { ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ChatIcon, GlobeIcon, UsersIcon } from '~/components/ui/icons';
import { FollowButton } from './follow-button';
import { BackgroundControls, BlockButton, MemberModerationMenu, ReportButton } from '~/components/viewer-only-parts';
import { ProfileBanner } from './profile-background';
import { Avatar } from '~/components/user/avatar';
import { VipBadge } from '~/components/user/vip-badge';
import { paths } from '~/lib/paths';
import { useRootData, useSiteConfig } from '~/lib/session';
import { useT } from '~/lib/use-t';

const calendarFormats = new Map<string, Intl.DateTimeFormat>();

/** Built once per locale and zone (the site's). */
function calendarFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let format = calendarFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone });
    calendarFormats.set(key, format);
  }
  return format;
}

/** A day in the reader's language and the site's time zone (the same on the server and in every browser). */
function CalendarDate({ time }: { time: number }) {
  const { locale } = useRootData();
  const { timeZone } = useSiteConfig();
  const text = calendarFormat(locale, timeZone).format(time);
  return (
    <time dateTime={new Date(time).toISOString()}>
      {text}
    </time>
  );
}

/** Only http(s) addresses become links, and they go through the outbound-link interstitial. */
function homePageLink(homePage: string): { href: string; label: string } | null {
  try {
    const url = new URL(homePage);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return { href: `/redirect?url=${encodeURIComponent(url.href)}`, label: `${url.host}${url.pathname === '/' ? '' : url.pathname}` };
  } catch {
    return null;
  }
}

function BanNotice({ until }: { until: number }) {
  const t = useT();
  return (
    <p role="status" data-testid="profile-banned" className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200">
      <ShieldIcon className="mt-0.5 size-4 shrink-0" />
      <span>{until === -1 ? t('people.bannedForever') : <>{t('people.bannedUntil')} <CalendarDate time={until} /></>}</span>
    </p>
  );
}

/** One count of the card; `to`: the count is a list of its own (followers, following). */
function Stat({ value, label, to, testId, className = '' }: { value: number; label: string; to?: string; testId?: string; className?: string }) {
  const number = <span className="text-lg font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">{compactNumber(value)}</span>;
  return (
    <div className={`flex min-w-0 flex-col-reverse text-center ${className}`} data-testid={testId} data-stat="">
      <dt className="text-xs break-words text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd>
        {to ? (
          <Link to={to} className="rounded hover:underline" preventScrollReset>
            {number}
          </Link>
        ) : (
          number
        )}
      </dd>
    </div>
  );
}

export function ProfileCard({ user, own }: { user: PublicUser; own: boolean }) {
  const t = useT();
  const site = homePageLink(user.homePage);
  // A follow from this card moves the follower count at once (the answer carries it), until the
  // page's own data changes (a revalidation brings the stored count).
  const [answered, setAnswered] = useState<{ base: number; count: number } | null>(null);
  const fansCount = answered?.base === user.fansCount ? answered.count : user.fansCount;
  return (
    <Card className="overflow-hidden p-5" data-testid="profile-card">
      <ProfileBanner background={user.background} />
      <div className="flex items-center gap-4 lg:flex-col lg:items-start">
        <Avatar user={user} size={100} className="shrink-0" />
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight break-words text-zinc-900 dark:text-zinc-50">
            <span data-testid="profile-nickname">{user.nickname}</span>
            <VipBadge vip={user.vip} testId="profile-vip" />
          </h1>
          {user.username && <p className="truncate text-sm text-zinc-600 dark:text-zinc-400">@{user.username}</p>}
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
            {t('people.memberNumber', { rank: user.rank })} · {t('people.joined')} <CalendarDate time={user.createTime} />
          </p>
        </div>
      </div>
      {user.signature && <p className="mt-4 text-sm break-words whitespace-pre-line text-zinc-700 dark:text-zinc-300" data-testid="profile-signature">{user.signature}</p>}
      {site && (
        <p className="mt-3 flex items-center gap-2 text-sm">
          <GlobeIcon className="size-4 shrink-0 text-zinc-500" />
          <a href={site.href} rel="nofollow noopener" className="text-brand-700 dark:text-brand-300 truncate hover:underline" data-testid="profile-homepage">
            <span className="sr-only">{t('people.homePage')}: </span>
            {site.label}
          </a>
        </p>
      )}
      {user.forbidden.until !== 0 && (
        <div className="mt-4">
          <BanNotice until={user.forbidden.until} />
        </div>
      )}
      {!own && <MemberModerationMenu member={user} className="mt-4 block" />}
      {/* Five figures: three over two on phones (a label such as Thai "กำลังติดตาม" needs the width) and in the narrow side column on wide screens, five across between; each row filled — never an empty cell. */}
      <dl className="mt-5 grid grid-cols-6 gap-x-2 gap-y-3 border-t border-zinc-200 pt-4 sm:grid-cols-5 lg:grid-cols-6 dark:border-zinc-800" data-testid="profile-stats">
        <Stat value={user.topicCount} label={t('people.stats.topics')} className="col-span-2 sm:col-span-1 lg:col-span-2" />
        <Stat value={user.commentCount} label={t('people.stats.comments')} className="col-span-2 sm:col-span-1 lg:col-span-2" />
        <Stat value={fansCount} label={t('follow.stats.fans')} to={`${paths.user(user.id)}/fans`} testId="profile-fans-count" className="col-span-2 sm:col-span-1 lg:col-span-2" />
        <Stat value={user.followCount} label={t('follow.stats.followed')} to={`${paths.user(user.id)}/followed`} testId="profile-followed-count" className="col-span-3 sm:col-span-1 lg:col-span-3" />
        <Stat value={user.score} label={t('people.stats.score')} className="col-span-3 sm:col-span-1 lg:col-span-3" />
      </dl>
      {!own && <FollowButton user={user} followed={user.followed} onChange={(state) => setAnswered({ base: user.fansCount, count: state.fansCount })} size="md" className="mt-5 w-full" />}
      {!own && (
        // A private conversation (issue 28): a visitor is asked to sign in first, then comes back here.
        <ButtonLink to={paths.newConversation([user.id])} variant="secondary" size="md" className="mt-2 w-full" data-testid="profile-message">
          <ChatIcon className="size-4" />
          {t('people.message')}
        </ButtonLink>
      )}
      {!own && <ReportButton target={{ type: 'user', id: user.id, authorId: user.id }} className="mt-3" />}
      {!own && <BlockButton user={user} className="mt-2 w-full" />}
      {own && (
        <ButtonLink to={paths.editProfile} variant="secondary" size="sm" className="mt-5 w-full" data-testid="profile-edit">
          <EditIcon className="size-4" />
          {t('people.editProfile')}
        </ButtonLink>
      )}
      {own && <BackgroundControls background={user.background} />}
    </Card>
  );
}

export type ProfileTab = 'topics' | 'tweets' | 'articles' | 'comments' | 'fans' | 'followed';

/** The counts the tabs show besides the member's own (their posts and tweets, apart). */
export interface ProfileCounts {
  posts: number;
  tweets: number;
}

const TAB = 'relative inline-flex h-10 items-center px-1 text-sm font-medium transition-colors';
const TAB_ON = 'text-zinc-900 dark:text-white after:absolute after:inset-x-0 after:-bottom-px after:h-0.5 after:rounded-full after:bg-brand-600';
const TAB_OFF = 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white';

/**
 * Topics, tweets (with the tweet module on: the topics tab then counts posts alone), articles
 * (with the article module on), comments, followers and following: links, so each list has its
 * own address. On a narrow screen the row scrolls sideways rather than wrapping.
 */
function ProfileTabs({ user, counts, active }: { user: PublicUser; counts: ProfileCounts; active: ProfileTab }) {
  const t = useT();
  const { modules } = useRootData().config;
  const base = paths.user(user.id);
  const tabs: Array<{ tab: ProfileTab; to: string; label: string; count: number }> = [
    { tab: 'topics', to: base, label: t('people.stats.topics'), count: modules.tweet ? counts.posts : counts.posts + counts.tweets },
    ...(modules.tweet ? [{ tab: 'tweets' as const, to: `${base}/tweets`, label: t('profileTabs.tweets.tab'), count: counts.tweets }] : []),
    ...(modules.article ? [{ tab: 'articles' as const, to: `${base}/articles`, label: t('articleUi.profile.articles'), count: user.articleCount }] : []),
    { tab: 'comments', to: `${base}/comments`, label: t('people.stats.comments'), count: user.commentCount },
    { tab: 'fans', to: `${base}/fans`, label: t('follow.tabs.fans'), count: user.fansCount },
    { tab: 'followed', to: `${base}/followed`, label: t('follow.tabs.followed'), count: user.followCount },
  ];
  return (
    <nav aria-label={t('articleUi.profile.tabsLabel')} className="mb-4 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
      <ul className="flex gap-5 whitespace-nowrap">
        {tabs.map((tab) => (
          <li key={tab.tab}>
            <Link to={tab.to} aria-current={active === tab.tab ? 'page' : undefined} className={`${TAB} ${active === tab.tab ? TAB_ON : TAB_OFF}`} data-testid={`profile-tab-${tab.tab}`} preventScrollReset>
              {tab.label}
              <span className="ml-1.5 text-xs font-normal text-zinc-500 tabular-nums dark:text-zinc-400">{compactNumber(tab.count)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * What each list of the profile says and where its further pages come from: each `api` is its
 * read's contract path, written out so the page does not load the contracts (and zod) to know it
 * (issue 32); tests/unit/profile-lists.test.ts holds each to its contract.
 */
export const PROFILE_LISTS: Record<ProfileTab, { heading: string; label: string; emptyTitle: string; emptyOwn: string; emptyOther: string; api: string; query?: Record<string, number>; testId: string }> = {
  topics: {
    heading: 'people.topicsHeading',
    label: 'people.feedLabel',
    emptyTitle: 'people.emptyTitle',
    emptyOwn: 'people.emptyOwn',
    emptyOther: 'people.emptyOther',
    api: '/api/topic/user_topics',
    testId: 'topic-feed',
  },
  tweets: {
    heading: 'profileTabs.tweets.tab',
    label: 'profileTabs.tweets.label',
    emptyTitle: 'profileTabs.tweets.emptyTitle',
    emptyOwn: 'profileTabs.tweets.emptyOwn',
    emptyOther: 'profileTabs.tweets.emptyOther',
    api: '/api/topic/user_topics',
    query: { type: TOPIC_TYPES.tweet },
    testId: 'tweet-feed',
  },
  comments: {
    heading: 'people.stats.comments',
    label: 'profileTabs.comments.label',
    emptyTitle: 'profileTabs.comments.emptyTitle',
    emptyOwn: 'profileTabs.comments.emptyOwn',
    emptyOther: 'profileTabs.comments.emptyOther',
    api: '/api/comment/user_comments',
    testId: 'comment-feed',
  },
  articles: {
    heading: 'articleUi.profile.heading',
    label: 'articleUi.profile.feedLabel',
    emptyTitle: 'articleUi.profile.emptyTitle',
    emptyOwn: 'articleUi.profile.emptyOwn',
    emptyOther: 'articleUi.profile.emptyOther',
    api: '/api/article/user_articles',
    testId: 'article-feed',
  },
  fans: {
    heading: 'follow.tabs.fans',
    label: 'follow.fans.label',
    emptyTitle: 'follow.fans.emptyTitle',
    emptyOwn: 'follow.fans.emptyOwn',
    emptyOther: 'follow.fans.emptyOther',
    api: '/api/fans/fans',
    testId: 'fans-list',
  },
  followed: {
    heading: 'follow.tabs.followed',
    label: 'follow.followed.label',
    emptyTitle: 'follow.followed.emptyTitle',
    emptyOwn: 'follow.followed.emptyOwn',
    emptyOther: 'follow.followed.emptyOther',
    api: '/api/fans/followed',
    testId: 'followed-list',
  },
};

const EMPTY_ICONS: Record<ProfileTab, ReactNode> = {
  topics: <ChatIcon className="size-6" />,
  tweets: <ChatIcon className="size-6" />,
  articles: <EditIcon className="size-6" />,
  comments: <CommentIcon className="size-6" />,
  fans: <UsersIcon className="size-6" />,
  followed: <UsersIcon className="size-6" />,
};

/** The props every profile list's feed takes: its further pages, its name and its empty state. */
export interface ProfileFeedProps {
  source: FeedSource;
  label: string;
  empty: ReactNode;
}

/**
 * A profile page: the member's card and one of their lists, shown by the kind's feed component
 * (topics, articles) with the list's further pages, name and empty state.
 */
export function ProfileList<P>({ data, list, Feed }: { data: { user: PublicUser; counts: ProfileCounts; now: number; page: P }; list: ProfileTab; Feed: ComponentType<ProfileFeedProps & { page: P }> }) {
  const t = useT();
  const { user: viewer, config } = useRootData();
  const { user } = data;
  const text = PROFILE_LISTS[list];
  const name = user.nickname;
  const empty = (
    <EmptyState icon={EMPTY_ICONS[list]} title={t(text.emptyTitle)}>
      {viewer?.id === user.id ? t(text.emptyOwn) : t(text.emptyOther, { name })}
    </EmptyState>
  );
  return (
    <ProfileShell user={user} counts={data.counts} now={data.now} active={list} heading={t(text.heading)} testId={text.testId}>
      <Feed page={data.page} source={{ path: text.api, query: { userId: user.id, ...(list === 'topics' && config.modules.tweet ? { type: TOPIC_TYPES.post } : text.query) } }} label={t(text.label, { name })} empty={empty} />
    </ProfileShell>
  );
}

interface ProfileShellProps {
  user: PublicUser;
  counts: ProfileCounts;
  now: number;
  active: ProfileTab;
  /** The list's heading: visible alone, for screen readers under the tabs. */
  heading: string;
  /** The feed section's test id (`topic-feed`, `article-feed`). */
  testId: string;
  children: ReactNode;
}

function ProfileShell({ user, counts, now, active, heading, testId, children }: ProfileShellProps) {
  const { user: viewer } = useRootData();
  return (
    <RenderNowProvider now={now}>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start">
        <ProfileCard user={user} own={viewer?.id === user.id} />
        <section aria-labelledby="profile-list-heading" className="min-w-0" data-testid={testId}>
          <ProfileTabs user={user} counts={counts} active={active} />
          {/* The tabs name the list for the eye; the heading names it for screen readers. */}
          <h2 id="profile-list-heading" className="sr-only">
            {heading}
          </h2>
          {children}
        </section>
      </div>
    </RenderNowProvider>
  );
}

/** The head of a profile page: `listTitleKey` names the list shown (none for the topics, the profile's main page). */
export function profileMeta(data: { user: PublicUser; canonical: string } | undefined, matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>, listTitleKey?: string): MetaDescriptor[] {
  const { site, t } = metaContext(matches);
  if (!data) return [{ title: `${t('errors.account.userNotFound')} · ${site}` }];
  const { user } = data;
  const title = `${listTitleKey ? t(listTitleKey, { name: user.nickname }) : user.nickname} · ${site}`;
  const description = user.signature || t('people.metaDescription', { name: user.nickname, site, count: user.topicCount });
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
    { property: 'og:type', content: 'profile' },
    { property: 'og:site_name', content: site },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: data.canonical },
  ];
  // Feed readers find the member's topics (GET /rss/user/{id}.xml) from any of their pages.
  tags.push({ tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: t('seo.rss.userLink', { name: user.nickname }), href: `${new URL(data.canonical).origin}/rss/user/${user.id}.xml` });
  // A banned member's page stays reachable for people, not for search results.
  if (user.forbidden.until !== 0) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
