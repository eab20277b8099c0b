/**
 * How an item editor (topic, article) submits, the same for every kind: refused while an image
 * uploads (spec §4, §5: 'Image uploading, please retry later...'), the browser's checks first
 * (focus goes to the first invalid field), then the kind's create or edit (POST {kind}/create or
 * {kind}/edit/{id}); the
 * server's field messages go next to their fields, an unverified e-mail brings the verify notice
 * back, and an edit that fails says 'Submit failed: {message}' (spec §8). Saved: the kind's toast
 * (or "waiting for review") and the item's page.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CONTENT_STATUS } from '../../../common/constants';
import { ErrorCode } from '../../../common/errors';
import type { CommentEntityType } from '~/components/comment/types';
import { ApiError } from '~/lib/api';
import { serverFieldErrors, withoutField, type FieldErrors } from '~/lib/form-errors';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

/** Each kind's words after a save: published, or waiting for a moderator. */
const SAVED: Record<CommentEntityType, { created: string; edited: string; pending: string }> = {
  topic: { created: 'topicForm.createSuccess', edited: 'topicForm.editSuccess', pending: 'topicForm.pendingReview' },
  article: { created: 'articleEdit.createSuccess', edited: 'articleEdit.editSuccess', pending: 'articleEdit.pendingReview' },
};

/** What a create or an edit answers that the form needs: where the item is, and whether it waits for review. */
export interface SavedItem {
  id: number;
  status: number;
}

export interface ItemSubmitOptions {
  /** How the form sends: the kind's declared create or edit (`send(topicActions.create, …)`). */
  save: () => Promise<SavedItem>;
  kind: CommentEntityType;
  /** The item being edited; a new one is created without. */
  editingId?: number;
  /** An image (editor, pictures, cover) is still uploading. */
  uploading: boolean;
  /** The checks the browser can make before asking (the server repeats them all). */
  check: () => FieldErrors;
  /** Show the verify-your-e-mail notice from the start. */
  needsVerifiedEmail: boolean;
  /** Just before going to the saved item (an unsaved-changes guard lets it through). */
  beforeLeave?: () => void;
}

export function useItemSubmit({ kind, editingId, save, uploading, check, needsVerifiedEmail, beforeLeave }: ItemSubmitOptions) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const editing = editingId !== undefined;
  const handleApiError = useApiErrorHandler();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [verifyNeeded, setVerifyNeeded] = useState(needsVerifiedEmail);
  const [submitting, setSubmitting] = useState(false);

  function failed(error: unknown) {
    setSubmitting(false);
    const fields = serverFieldErrors(error);
    if (fields) return setErrors(fields);
    if (error instanceof ApiError && error.errorCode === ErrorCode.EmailNotVerified) {
      setVerifyNeeded(true);
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }
    if (editing && error instanceof ApiError && error.errorCode !== ErrorCode.NotSignedIn) return toast.error(t('topicForm.editFailed', { message: error.message }));
    handleApiError(error);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (uploading) return toast.error(t('editor.alert.uploadingBlocked'));
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const form = event.currentTarget;
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSubmitting(true);
    try {
      saved(await save());
    } catch (error) {
      failed(error);
    }
  }

  /** The toast, then the item's page. */
  function saved(item: SavedItem) {
    const text = SAVED[kind];
    if (item.status === CONTENT_STATUS.pending) toast.info(t(text.pending), { durationMs: 5000 });
    else toast.success(t(editing ? text.edited : text.created));
    beforeLeave?.();
    navigate(`/${kind}/${item.id}`);
  }

  /** The user changed a field: its message goes. */
  const clearError = (field: string) => setErrors((e) => withoutField(e, field));

  return { submit, submitting, errors, clearError, verifyNeeded };
}
