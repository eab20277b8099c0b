/**
 * The notice above an item its author or a moderator reads while others cannot: waiting for
 * review (status 2) or deleted (status 1). Each kind names itself in the words it passes.
 */
import { CONTENT_STATUS } from '../../../common/constants';
import { AlertIcon } from '~/components/topic/icons';

export interface StatusNoticeProps {
  status: number;
  pendingTitle: string;
  pendingBody: string;
  deletedBody: string;
}

export function StatusNotice({ status, pendingTitle, pendingBody, deletedBody }: StatusNoticeProps) {
  if (status === CONTENT_STATUS.pending) {
    return (
      <div role="status" className="mb-4 flex gap-2.5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100" data-testid="pending-notice">
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        <p>
          <strong className="font-semibold">{pendingTitle}</strong> {pendingBody}
        </p>
      </div>
    );
  }
  if (status === CONTENT_STATUS.deleted) {
    return (
      <div role="status" className="mb-4 flex gap-2.5 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-950 dark:border-red-900 dark:bg-red-950/60 dark:text-red-100" data-testid="deleted-notice">
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        <p>{deletedBody}</p>
      </div>
    );
  }
  return null;
}
