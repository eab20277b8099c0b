/**
 * `/conversations` (issue 28, sign-in required): the member's private conversations, newest
 * message first (conversation-list.tsx), and the way to a new one.
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { conversationActions } from '../../common/actions/conversations';
import { accountMeta } from '~/components/account/page-meta';
import { unwrapResult } from '~/components/comment/ucenter-data.server';
import { ConversationList } from '~/components/conversation/conversation-list';
import { RenderNowProvider } from '~/components/topic/time';
import { ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { ChatIcon, PlusIcon } from '~/components/ui/icons';
import { requireUser } from '~/lib/auth.server';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('conversation.title');

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const user = requireUser(context, request);
  const page = unwrapResult(await context.read(conversationActions.list, {}));
  return { page, viewerId: user.id, now: context.site.now() };
}

export default function ConversationsPage() {
  const t = useT();
  const { page, viewerId, now } = useLoaderData<typeof loader>();
  return (
    <RenderNowProvider now={now}>
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-6 sm:py-8">
        <header className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('conversation.list.heading')}</h1>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('conversation.description')}</p>
          </div>
          <ButtonLink to={paths.newConversation()} size="sm" data-testid="conversation-new">
            <PlusIcon className="size-4" />
            {t('conversation.list.new')}
          </ButtonLink>
        </header>
        <Card className="overflow-hidden">
          {page.results.length === 0 ? (
            <EmptyState icon={<ChatIcon className="size-6" />} title={t('conversation.list.empty')}>
              {t('conversation.list.emptyHint')}
            </EmptyState>
          ) : (
            <ConversationList initial={page} viewerId={viewerId} />
          )}
        </Card>
      </div>
    </RenderNowProvider>
  );
}
