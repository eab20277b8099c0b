/**
 * `/topic/edit/{id}` (spec §2; sign-in required): the author or a moderator edits a topic. The
 * loader reads the raw editable fields in-process (GET topic/edit/{id}); someone
 * else's topic is refused (403), a missing one is 404.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { topicActions } from '../../common/actions/topics';
import { TOPIC_TYPES } from '../../common/constants';
import { EditorPage } from '~/components/content/editor-page';
import { privateMeta } from '~/components/content/item-meta';
import { pathId, unwrap } from '~/components/topic/page-data.server';
import { can } from '../../common/policies/can';
import { TopicForm } from '~/components/topic/topic-form';
import { requireUser } from '~/lib/auth.server';
import { tFor } from '~/lib/i18n';
import { useT } from '~/lib/use-t';

export async function loader({ context, request, params }: LoaderFunctionArgs<AppLoadContext>) {
  const user = requireUser(context, request);
  const id = pathId(params.id, tFor(context.locale)('topic.errors.notFound'));
  const [initial, nodes] = await Promise.all([context.read(topicActions.forEdit, { id }), context.read(topicActions.nodes, {})]);
  return { topic: unwrap(initial), nodes: unwrap(nodes), needsVerifiedEmail: !user.emailVerified && !can(user, 'content:postUnverified') };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  privateMeta(matches, (t) => (data?.topic.type === TOPIC_TYPES.tweet ? t('topicForm.editTweet') : t('topicForm.editTopic')));

export default function EditTopicPage() {
  const { topic, nodes, needsVerifiedEmail } = useLoaderData<typeof loader>();
  const t = useT();
  const tweet = topic.type === TOPIC_TYPES.tweet;
  return (
    <EditorPage title={tweet ? t('topicForm.editTweet') : t('topicForm.editTopic')}>
      <TopicForm key={topic.id} mode={tweet ? 'tweet' : 'post'} nodes={nodes} initial={topic} needsVerifiedEmail={needsVerifiedEmail} />
    </EditorPage>
  );
}
