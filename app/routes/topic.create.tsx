/**
 * `/topic/create` (spec §2; sign-in required): a post, or a tweet with `?type=1`. Only the modes
 * whose module is on are offered; with both off the page is refused (403). `?nodeId=` picks the
 * starting node.
 */
import { data, Link, redirect, useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { topicActions } from '../../common/actions/topics';
import { siteActions } from '../../common/actions/site';
import { can } from '../../common/policies/can';
import { privateMeta } from '~/components/content/item-meta';
import { NewMemberNotice } from '~/components/safety/new-member-notice';
import { TopicForm, type TopicMode } from '~/components/topic/topic-form';
import { unwrap } from '~/components/topic/page-data.server';
import { requireUser } from '~/lib/auth.server';
import { tFor } from '~/lib/i18n';
import { useT } from '~/lib/use-t';
import { BannedPanel, useBanUntil } from '~/components/moderation/ban-notice';

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const user = requireUser(context, request);
  const t = tFor(context.locale);
  const config = unwrap(await context.read(siteActions.config, {}));
  const url = new URL(request.url);
  const requested: TopicMode = url.searchParams.get('type') === '1' ? 'tweet' : 'post';
  const enabled = { post: config.modules.topic, tweet: config.modules.tweet };
  if (!enabled.post && !enabled.tweet) throw data(t('topic.errors.topicDisabled'), { status: 403 });
  if (!enabled[requested]) {
    url.searchParams.delete('type');
    if (requested === 'post') url.searchParams.set('type', '1');
    throw redirect(`/topic/create${url.search}`);
  }
  const nodeParam = Number(url.searchParams.get('nodeId'));
  return {
    mode: requested,
    enabled,
    nodes: unwrap(await context.read(topicActions.nodes, {})),
    defaultNodeId: Number.isSafeInteger(nodeParam) && nodeParam > 0 ? nodeParam : undefined,
    needsVerifiedEmail: !user.emailVerified && !can(user, 'content:postUnverified'),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => privateMeta(matches, (t) => (page?.mode === 'tweet' ? t('topicForm.newTweet') : t('topicForm.newTopic')));

const SEGMENT = 'flex-1 rounded-lg px-4 py-2.5 text-left transition-colors sm:flex-none sm:min-w-52';

export default function CreateTopicPage() {
  const { mode, enabled, nodes, defaultNodeId, needsVerifiedEmail } = useLoaderData<typeof loader>();
  const t = useT();
  const banned = useBanUntil() !== 0;
  const nodeQuery = defaultNodeId ? `nodeId=${defaultNodeId}` : '';
  const modes: Array<{ mode: TopicMode; to: string; title: string; hint: string }> = [];
  if (enabled.post) modes.push({ mode: 'post', to: `/topic/create${nodeQuery ? `?${nodeQuery}` : ''}`, title: t('topicForm.modePost'), hint: t('topicForm.modePostHint') });
  if (enabled.tweet) modes.push({ mode: 'tweet', to: `/topic/create?type=1${nodeQuery ? `&${nodeQuery}` : ''}`, title: t('topicForm.modeTweet'), hint: t('topicForm.modeTweetHint') });
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{mode === 'tweet' ? t('topicForm.newTweet') : t('topicForm.newTopic')}</h1>
      {modes.length > 1 && (
        <nav aria-label={t('topicForm.modeLabel')} className="mt-4 mb-5">
          <ul className="flex gap-1 rounded-xl bg-zinc-100 p-1 sm:inline-flex dark:bg-zinc-900">
            {modes.map((m) => (
              <li key={m.mode} className="flex-1 sm:flex-none">
                <Link
                  to={m.to}
                  replace
                  aria-current={m.mode === mode ? 'page' : undefined}
                  className={`${SEGMENT} block ${m.mode === mode ? 'bg-white shadow-sm dark:bg-zinc-800' : 'hover:bg-white/60 dark:hover:bg-zinc-800/60'}`}
                  data-testid={`mode-${m.mode}`}
                >
                  <span className={`block text-sm font-semibold ${m.mode === mode ? 'text-zinc-900 dark:text-white' : 'text-zinc-700 dark:text-zinc-300'}`}>{m.title}</span>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">{m.hint}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {modes.length <= 1 && <div className="mb-5" />}
      {/* A new member's limits (issue 28): the next posts reviewed, links capped. */}
      <NewMemberNotice className="mb-5" />
      {banned ? <BannedPanel what="post" /> : <TopicForm key={mode} mode={mode} nodes={nodes} defaultNodeId={defaultNodeId} needsVerifiedEmail={needsVerifiedEmail} />}
    </div>
  );
}
