/**
 * Staff reading a reported conversation (issue 28), opened from a `conversation_message` card of
 * the review queue's Reports tab: its members and newest messages, the reported one marked, each
 * with "Remove" (asked first). Opening it is the read — `POST admin/conversation/{id}/view`,
 * which the server allows only through a report and records in the audit log; the card says so.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { conversationActions } from '../../../common/actions/conversations';
import type { ConversationMessageView, ConversationStaffView } from '../../../common/views/conversation';
import { LocalDateTime } from '~/components/moderation/local-date-time';
import { Button } from '~/components/ui/button';
import { Dialog } from '~/components/ui/dialog';
import { useConfirm } from '~/components/ui/confirm';
import { Spinner } from '~/components/ui/spinner';
import { Avatar } from '~/components/user/avatar';
import { ApiError, send } from '~/lib/api';
import { paths } from '~/lib/paths';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

function StaffMessage({ message, reported, onRemove }: { message: ConversationMessageView; reported: boolean; onRemove: () => void }) {
  const t = useT();
  if (message.kind === 'left') {
    return (
      <li className="py-1 text-center text-xs text-zinc-600 dark:text-zinc-400" data-testid="staff-message">
        {t('conversation.page.leftNotice', { name: message.author?.nickname ?? '' })}
      </li>
    );
  }
  return (
    <li
      className={`rounded-lg border px-3 py-2 ${reported ? 'border-amber-400 bg-amber-50 dark:border-amber-500/70 dark:bg-amber-950/40' : 'border-zinc-200 dark:border-zinc-800'}`}
      data-testid="staff-message"
      data-message-id={message.id}
      data-reported={reported || undefined}
      aria-current={reported || undefined}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{message.author?.nickname ?? t('adminReports.someone')}</span>
        <LocalDateTime time={message.createTime} />
        {reported && <span className="rounded bg-amber-200 px-1.5 py-0.5 font-medium text-amber-950 dark:bg-amber-800 dark:text-amber-50">{t('adminReports.staffView.reported')}</span>}
        {!message.removed && (
          <Button size="sm" variant="ghost" className="ml-auto text-red-700 dark:text-red-400" onClick={onRemove} data-testid="staff-message-remove">
            {t('adminReports.staffView.remove')}
          </Button>
        )}
      </div>
      {message.removed ? (
        <p className="mt-1 text-sm text-zinc-600 italic dark:text-zinc-400" data-testid="staff-message-removed">
          {t('adminReports.staffView.removed')}
        </p>
      ) : (
        <div
          className="rich-text mt-1 text-sm break-words [&_img]:max-h-48 [&>*:first-child]:mt-0 [&>*:last-child]:mb-0"
          // Sanitized by the server on write (the comments' pipeline); never raw input.
          dangerouslySetInnerHTML={{ __html: message.contentHtml }}
        />
      )}
    </li>
  );
}

export function ConversationStaffDialog({ conversationId, reportedId, open, onOpenChange }: { conversationId: number; reportedId: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const [confirm, confirmDialog] = useConfirm();
  const [view, setView] = useState<ConversationStaffView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // One read (one audit entry) each time the dialog opens: the card mounts it afresh for each opening.
  useEffect(() => {
    if (!open) return;
    let current = true;
    send(conversationActions.staffView, { id: conversationId }).then(
      (answer) => current && setView(answer),
      (error: unknown) => current && setFailure(error instanceof ApiError ? error.message : ''),
    );
    return () => {
      current = false;
    };
  }, [open, conversationId]);

  async function remove(message: ConversationMessageView) {
    const ok = await confirm({ title: t('adminReports.staffView.removeTitle'), description: t('adminReports.staffView.removeBody'), confirmLabel: t('adminReports.staffView.remove'), danger: true });
    if (!ok) return;
    try {
      const removed = await send(conversationActions.removeMessage, { id: message.id });
      setView((current) => current && { ...current, messages: current.messages.map((m) => (m.id === removed.id ? removed : m)) });
      toast.success(t('adminReports.staffView.didRemove'));
    } catch (error) {
      handleApiError(error);
    }
  }

  // The API answers newest first; read in the order they were written.
  const messages = view ? [...view.messages].reverse() : [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('adminReports.staffView.title')} description={t('adminReports.audited')} size="lg">
      <div className="max-h-[65vh] space-y-4 overflow-y-auto" data-testid="conversation-staff-view">
        {failure !== null && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {failure || t('adminReports.staffView.failed')}
          </p>
        )}
        {!view && failure === null && (
          <p className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400" role="status">
            <Spinner size="sm" /> {t('adminReports.staffView.loading')}
          </p>
        )}
        {view && (
          <>
            <section aria-labelledby={`staff-members-${view.id}`}>
              <h3 id={`staff-members-${view.id}`} className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
                {t('adminReports.staffView.members')}
              </h3>
              <ul className="mt-1.5 flex flex-wrap gap-2" data-testid="staff-members">
                {view.members.map((member) => (
                  <li key={member.id} className="flex items-center gap-1.5 rounded-full border border-zinc-200 py-0.5 pr-2.5 pl-0.5 text-sm dark:border-zinc-700">
                    <Avatar user={member} size={24} />
                    <Link to={paths.user(member.id)} className="text-brand-700 dark:text-brand-300 hover:underline">
                      {member.nickname}
                    </Link>
                    {member.left && <span className="text-xs text-zinc-600 dark:text-zinc-400">({t('adminReports.staffView.left')})</span>}
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby={`staff-messages-${view.id}`}>
              <h3 id={`staff-messages-${view.id}`} className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
                {t('adminReports.staffView.messages')}
              </h3>
              {view.hasMore && <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{t('adminReports.staffView.newestOnly', { count: view.messages.length })}</p>}
              <ol className="mt-1.5 space-y-2">
                {messages.map((message) => (
                  <StaffMessage key={message.id} message={message} reported={message.id === reportedId} onRemove={() => void remove(message)} />
                ))}
              </ol>
            </section>
          </>
        )}
      </div>
      {confirmDialog}
    </Dialog>
  );
}
