/**
 * `/conversations/:id` (issue 28, sign-in required): one conversation the member takes part in
 * (conversation-thread.tsx); anyone else gets the error page (403, or 404 for none).
 */
import { useLoaderData, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { conversationActions } from '../../common/actions/conversations';
import { accountMeta } from '~/components/account/page-meta';
import { unwrapResult } from '~/components/comment/ucenter-data.server';
import { ConversationThread } from '~/components/conversation/conversation-thread';
import { RenderNowProvider } from '~/components/topic/time';
import { requireUser } from '~/lib/auth.server';
import '~/editor/content.css';

export const meta = accountMeta('conversation.title');

export async function loader({ context, request, params }: LoaderFunctionArgs<AppLoadContext>) {
  const user = requireUser(context, request);
  const id = params.id ?? '';
  const detail = unwrapResult(await context.read(conversationActions.detail, { id }));
  const page = unwrapResult(await context.read(conversationActions.messages, { id }));
  return { detail, page, viewerId: user.id, now: context.site.now() };
}

export default function ConversationPage() {
  const { detail, page, viewerId, now } = useLoaderData<typeof loader>();
  return (
    <RenderNowProvider now={now}>
      {/* A new conversation is a new page: its state starts over. */}
      <ConversationThread key={detail.id} detail={detail} initial={page} viewerId={viewerId} />
    </RenderNowProvider>
  );
}
