/**
 * `/conversations/new` (issue 28, sign-in required): a new message to up to nine members
 * (`?to=12,34` fills them in: the profile's "Message" button), sent with the first message.
 * With one member the existing one-to-one is used again; the answer leads to the conversation.
 */
import { useState } from 'react';
import { useLoaderData, useNavigate, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { conversationActions } from '../../common/actions/conversations';
import { followActions } from '../../common/actions/follows';
import { CONVERSATION_LIMITS } from '../../common/constants';
import { accountMeta } from '~/components/account/page-meta';
import { MessageBox } from '~/components/conversation/message-box';
import { RecipientPicker, type Recipient } from '~/components/conversation/recipient-picker';
import { Card, CardBody } from '~/components/ui/card';
import { ApiError, send } from '~/lib/api';
import { requireUser } from '~/lib/auth.server';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';

export const meta = accountMeta('conversation.start.title');

export async function loader({ context, request }: LoaderFunctionArgs<AppLoadContext>) {
  const user = requireUser(context, request);
  const ids = (new URL(request.url).searchParams.get('to') ?? '')
    .split(',')
    .map((part) => Number(part))
    .filter((id) => Number.isSafeInteger(id) && id > 0 && id !== user.id)
    .slice(0, CONVERSATION_LIMITS.membersMax - 1);
  const recipients: Recipient[] = [];
  for (const id of new Set(ids)) {
    const profile = await context.read(followActions.profile, { id });
    if (profile.ok) recipients.push({ id: profile.data.id, nickname: profile.data.nickname, avatar: profile.data.avatar });
  }
  return { recipients, viewerId: user.id };
}

export default function NewConversationPage() {
  const t = useT();
  const navigate = useNavigate();
  const loaded = useLoaderData<typeof loader>();
  const [recipients, setRecipients] = useState<Recipient[]>(loaded.recipients);

  async function start(message: { content: string; contentType: 'html' | 'markdown' }) {
    // Said in the composer, where the member looks after pressing Send.
    if (recipients.length === 0) throw new ApiError(400, 5, t('conversation.start.noRecipients'), { content: t('conversation.start.noRecipients') });
    const started = await send(conversationActions.start, { userIds: recipients.map((r) => r.id), ...message });
    void navigate(paths.conversation(started.id));
  }

  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-6 sm:py-8">
      <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">{t('conversation.start.title')}</h1>
      <Card>
        <CardBody className="space-y-4">
          <RecipientPicker value={recipients} onChange={setRecipients} viewerId={loaded.viewerId} />
          <MessageBox onSubmit={start} submitLabel={t('conversation.start.submit')} autoFocus={recipients.length > 0} />
        </CardBody>
      </Card>
    </div>
  );
}
