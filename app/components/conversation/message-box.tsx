/**
 * The composer of a private message (issue 28): the comments' compact rich-text editor (or
 * Markdown), the same picture limit and upload wait, sent to `conversation/{id}/send` — or, with
 * `onSubmit`, handed to the page (the first message of a new conversation).
 */
import { memo, useCallback, useId, useState, type FormEvent } from 'react';
import { CONVERSATION_LIMITS } from '../../../common/constants';
import { Button } from '~/components/ui/button';
import { ContentEditor, type ContentType } from '~/editor';
import { ApiError } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { hasContent } from '~/components/comment/types';

export interface MessageBoxProps {
  /** Sends the message; answers when it went (a refusal is thrown: ApiError). */
  onSubmit: (message: { content: string; contentType: ContentType }) => Promise<void>;
  submitLabel?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** Memoized: the thread renders with every arriving message; the editor need not. */
export const MessageBox = memo(function MessageBox({ onSubmit, submitLabel, disabled, autoFocus }: MessageBoxProps) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const errorId = useId();
  const [contentType, setContentType] = useState<ContentType>('html');
  const [value, setValue] = useState('');
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The editor is keyed: a sent message starts a fresh one (its history and selection gone too).
  const [round, setRound] = useState(0);
  const onUploadingChange = useCallback((busy: boolean) => setUploading(busy), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (uploading) {
      toast.error(t('editor.alert.uploadingBlocked'));
      return;
    }
    if (!hasContent(value, contentType)) {
      setError(t('conversation.validation.contentRequired'));
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit({ content: value, contentType });
      setValue('');
      setError(null);
      setRound((n) => n + 1);
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fields?.content : undefined;
      if (fieldMessage) setError(fieldMessage);
      else if (failure instanceof ApiError && failure.status === 403) setError(failure.message);
      else handleApiError(failure);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('conversation.page.label')} className="space-y-2" data-testid="message-box">
      <ContentEditor
        key={round}
        compact
        // A chat's box: room for a few lines, growing no taller than a phone can spare.
        height={112}
        contentType={contentType}
        onContentTypeChange={setContentType}
        value={value}
        onChange={(next) => {
          // Only a real edit clears the message (the editor also reports its value when it is enabled again).
          if (error && next !== value && hasContent(next, contentType)) setError(null);
          setValue(next);
        }}
        onUploadingChange={onUploadingChange}
        maxImages={CONVERSATION_LIMITS.imagesMax}
        maxCharacters={CONVERSATION_LIMITS.contentMax}
        ariaLabel={t('conversation.page.label')}
        placeholder={t('conversation.page.placeholder')}
        autoFocus={autoFocus}
        disabled={submitting || disabled}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="message-error">
          {error}
        </p>
      )}
      <div className="flex items-center justify-end gap-2">
        {uploading && (
          <p className="mr-auto text-xs text-zinc-600 dark:text-zinc-400" role="status">
            {t('commentUi.box.uploading')}
          </p>
        )}
        <Button type="submit" size="sm" loading={submitting} disabled={disabled} aria-disabled={uploading || undefined} data-testid="message-send">
          {submitLabel ?? t('conversation.page.send')}
        </Button>
      </div>
    </form>
  );
});
