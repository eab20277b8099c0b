/**
 * How an item editor (topic, article) submits, the same for every kind: refused while an image
 * uploads (spec §4, §5: 'Image uploading, please retry later...'), the browser's checks first
 * (focus goes to the first invalid field), then the API; the server's field messages go next to
 * their fields, an unverified e-mail brings the verify notice back, and an edit that fails says
 * 'Submit failed: {message}' (spec §8).
 */
import { useState, type FormEvent } from 'react';
import { ErrorCode } from '../../../common/errors';
import { ApiError } from '~/lib/api';
import { serverFieldErrors, withoutField, type FieldErrors } from '~/lib/form-errors';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

export interface ItemSubmitOptions<R> {
  /** An image (editor, pictures, cover) is still uploading. */
  uploading: boolean;
  /** The checks the browser can make before asking (the server repeats them all). */
  check: () => FieldErrors;
  send: () => Promise<R>;
  /** After success: the toast and the way to the item. */
  done: (result: R) => void;
  editing: boolean;
  /** Show the verify-your-e-mail notice from the start. */
  needsVerifiedEmail: boolean;
}

export function useItemSubmit<R>({ uploading, check, send, done, editing, needsVerifiedEmail }: ItemSubmitOptions<R>) {
  const t = useT();
  const toast = useToast();
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
      done(await send());
    } catch (error) {
      failed(error);
    }
  }

  /** The user changed a field: its message goes. */
  const clearError = (field: string) => setErrors((e) => withoutField(e, field));

  return { submit, submitting, errors, clearError, verifyNeeded };
}
