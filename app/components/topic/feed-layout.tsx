/**
 * The frame of every topic list page (`/`, `/topics`, `/topics/node/{id}`, `/topics/tag/{id}`):
 * a heading, the feed tabs (latest, recommended, following), the node strip, the feed, and a
 * side column with the site notice, the site card and the node directory.
 */
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { LatestArticles } from '~/components/article/article-aside';
import type { FeedArticle } from '~/components/article/types';
import { ListShell, StartButton } from '~/components/content/list-shell';
import { useBanUntil } from '~/components/moderation/ban-notice';
import { CheckinCard } from '~/components/score/checkin-card';
import { HomeRankings } from '~/components/score/rankings';
import { Card } from '~/components/ui/card';
import { paths } from '~/lib/paths';
import { useRootData, type SiteConfig } from '~/lib/session';
import { compactNumber } from './badges';
import type { NodeView } from './types';
import { useT } from '~/lib/use-t';

export type FeedTab = 'latest' | 'recommended' | 'following';

/** Where "Start a topic" leads: a post when topics are on, else a tweet; null when both are off. */
export function startItem(modules: SiteConfig['modules']): { to: string } | null {
  if (modules.topic) return { to: paths.createTopic };
  if (modules.tweet) return { to: paths.createTweet };
  return null;
}

/** `home`: the home page's side column adds the check-in card and the rankings. */
export function FeedShell({ heading, nav, children, nodes, articles, home = false }: { heading: ReactNode; nav?: ReactNode; children: ReactNode; nodes: NodeView[]; articles: FeedArticle[]; home?: boolean }) {
  return (
    <ListShell heading={heading} action={<StartTopicButton />} nav={nav} aside={<FeedAside nodes={nodes} articles={articles} home={home} />} testId="topic-feed">
      {children}
    </ListShell>
  );
}

function StartTopicButton() {
  const t = useT();
  const { user, config } = useRootData();
  // A banned member is not offered what the server would refuse (the ban notice says why).
  const banned = useBanUntil() !== 0;
  const create = startItem(config.modules);
  if (!user || !create || banned) return null;
  return <StartButton to={create.to} label={t('site.home.startTopic')} testId="start-topic" />;
}

const TAB = 'relative inline-flex h-10 items-center px-1 text-sm font-medium transition-colors';
const TAB_ON = 'text-zinc-900 dark:text-white after:absolute after:inset-x-0 after:-bottom-px after:h-0.5 after:rounded-full after:bg-brand-600';
const TAB_OFF = 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white';

/** Latest / recommended / following on `base` (`/` or `/topics`): `?tab=` selects the feed. */
export function FeedTabs({ base, active, nodes, activeNodeId }: { base: string; active: FeedTab | null; nodes: NodeView[]; activeNodeId?: number }) {
  const t = useT();
  const { user } = useRootData();
  const tabs: Array<{ tab: FeedTab; to: string; label: string }> = [
    { tab: 'latest', to: base, label: t('topicUi.feed.latest') },
    { tab: 'recommended', to: `${base}?tab=recommended`, label: t('topicUi.feed.recommended') },
  ];
  if (user) tabs.push({ tab: 'following', to: `${base}?tab=following`, label: t('topicUi.feed.following') });
  return (
    <div className="mb-4 space-y-3">
      <nav aria-label={t('topicUi.feed.tabsLabel')} className="border-b border-zinc-200 dark:border-zinc-800">
        <ul className="flex gap-5">
          {tabs.map((tab) => (
            <li key={tab.tab}>
              <Link
                to={tab.to}
                aria-current={active === tab.tab ? 'page' : undefined}
                className={`${TAB} ${active === tab.tab ? TAB_ON : TAB_OFF}`}
                data-testid={`feed-tab-${tab.tab}`}
                preventScrollReset
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* The Following tab is the followed members' posts, in every node: no node to choose. */}
      {active !== 'following' && <NodeStrip nodes={nodes} activeNodeId={activeNodeId} />}
    </div>
  );
}

const CHIP = 'inline-flex h-8 shrink-0 items-center rounded-full border px-3 text-sm whitespace-nowrap transition-colors';
const CHIP_ON = 'border-brand-700 bg-brand-700 text-white dark:border-brand-500 dark:bg-brand-600';
const CHIP_OFF =
  'border-zinc-200 bg-white text-zinc-700 hover:border-zinc-300 hover:text-zinc-950 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:border-zinc-700 dark:hover:text-white';

/** The nodes as a scrollable row of chips; "All" leads to /topics. */
export function NodeStrip({ nodes, activeNodeId }: { nodes: NodeView[]; activeNodeId?: number }) {
  const t = useT();
  const location = useLocation();
  if (nodes.length === 0) return null;
  const allActive = activeNodeId === undefined && location.pathname === '/topics';
  return (
    <nav aria-label={t('topicUi.feed.nodesLabel')}>
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        <li>
          <Link to="/topics" className={`${CHIP} ${allActive ? CHIP_ON : CHIP_OFF}`} aria-current={allActive ? 'page' : undefined}>
            {t('topicUi.feed.allNodes')}
          </Link>
        </li>
        {nodes.map((node) => (
          <li key={node.id}>
            <Link
              to={`/topics/node/${node.id}`}
              className={`${CHIP} ${node.id === activeNodeId ? CHIP_ON : CHIP_OFF}`}
              aria-current={node.id === activeNodeId ? 'page' : undefined}
            >
              {node.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The home page's check-in card and rankings: a check-in reads the rankings again (it is on them now). */
function HomeScores() {
  const [checkins, setCheckins] = useState(0);
  return (
    <>
      <CheckinCard onCheckedIn={() => setCheckins((n) => n + 1)} />
      <HomeRankings key={checkins} />
    </>
  );
}

function FeedAside({ nodes, articles, home }: { nodes: NodeView[]; articles: FeedArticle[]; home: boolean }) {
  const t = useT();
  const { config } = useRootData();
  return (
    <aside className="space-y-4" aria-label={t('topicUi.feed.asideLabel')}>
      {config.siteNotice && (
        <Card className="border-amber-300 bg-amber-50 p-4 text-sm leading-6 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <p className="whitespace-pre-line">{config.siteNotice}</p>
        </Card>
      )}
      <Card className="p-4">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{config.siteTitle}</h2>
        <p className="mt-1.5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{config.siteDescription || t('site.footer.tagline')}</p>
      </Card>
      {home && <HomeScores />}
      {config.modules.article && <LatestArticles articles={articles} />}
      {nodes.length > 0 && (
        <Card className="p-4">
          <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{t('topicUi.feed.nodes')}</h2>
          <ul className="mt-2 -mx-2">
            {nodes.map((node) => (
              <li key={node.id}>
                <Link
                  to={`/topics/node/${node.id}`}
                  className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm text-zinc-700 hover:bg-zinc-100 hover:text-zinc-950 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"
                >
                  <span className="truncate">{node.name}</span>
                  <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{compactNumber(node.topicCount)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </aside>
  );
}
