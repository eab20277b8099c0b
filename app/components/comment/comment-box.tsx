/**
 * The comment composer (issue 6 item 6): the compact rich-text editor or Markdown, submit
 * blocked while an image uploads (spec §4, §5), an empty comment refused before any request
 * with the spec's message, 'Submission successful' on success. Posts to comment/create: a
 * comment on the item, or a reply to a comment (`entityType: comment`).
 */
import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { ContentEditor, type ContentType } from '~/editor';
import { ApiError, send } from '~/lib/api';
import { commentActions } from '../../../common/actions/comments';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { COMMENT_LIMITS, CONTENT_STATUS } from '../../../common/constants';
import { withQuote, type SelectedQuote } from './quote';
import { hasContent, type CommentView } from './types';
import { useT } from '~/lib/use-t';
import { announceCommentPosted } from '~/components/push/push-client';

export interface CommentTarget {
  entityType: 'topic' | 'article' | 'comment';
  entityId: number;
}

export interface CommentBoxProps {
  target: CommentTarget;
  /** Called with the created comment (as the server answered it). */
  onPosted: (comment: CommentView) => void;
  onCancel?: () => void;
  /** Shown above the editor ("Replying to …" with the quoted text). */
  quote?: { name: string; text: string };
  label: string;
  placeholder: string;
  submitLabel: string;
  autoFocus?: boolean;
  /** Lets the page hand a quoted selection to this box (quote and reply). */
  ref?: React.Ref<CommentBoxHandle>;
}

export interface CommentBoxHandle {
  /** Adds the quote at the end of what is written, then brings the box into view and focuses it. */
  insertQuote: (quote: SelectedQuote) => void;
}

/** The box's editing area in use: the rich-text editor, or the Markdown textarea (the form holds hidden ones too). */
function editingArea(form: HTMLFormElement | null): HTMLElement | null {
  const areas = form ? Array.from(form.querySelectorAll<HTMLElement>('[contenteditable="true"], textarea')) : [];
  return areas.find((area) => area.getClientRects().length > 0) ?? null;
}

/**
 * Focuses the Markdown textarea with the caret after everything in it (after the quote just
 * added). The rich-text editor places its own caret (its document, not the DOM, knows where the
 * end is), asked through `focusEndRequest`, which waits for the editor if its bundle is still
 * on its way.
 */
function placeCaretAtEnd(field: HTMLElement): void {
  if (!(field instanceof HTMLTextAreaElement)) return;
  field.focus();
  field.setSelectionRange(field.value.length, field.value.length);
}

export function CommentBox({ target, onPosted, onCancel, quote, label, placeholder, submitLabel, autoFocus, ref }: CommentBoxProps) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const errorId = useId();
  const [contentType, setContentType] = useState<ContentType>('html');
  const [value, setValue] = useState('');
  const [uploading, setUploading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onUploadingChange = useCallback((busy: boolean) => setUploading(busy), []);
  const formRef = useRef<HTMLFormElement>(null);
  /** Counts quotes put in: after each, once the editor holds it, the caret goes after it. */
  const [quotes, setQuotes] = useState(0);

  useImperativeHandle(
    ref,
    () => ({
      insertQuote(selected) {
        setValue((current) => withQuote(current, selected, contentType));
        setError(null);
        setQuotes((n) => n + 1);
      },
    }),
    [contentType],
  );

  // In the next frame, once the editor holds the new value: the box in view, the caret after the quote.
  useEffect(() => {
    if (quotes === 0) return;
    const frame = requestAnimationFrame(() => {
      const form = formRef.current;
      form?.scrollIntoView({ block: 'nearest' });
      const field = editingArea(form);
      if (field) placeCaretAtEnd(field);
    });
    return () => cancelAnimationFrame(frame);
  }, [quotes]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (uploading) {
      toast.error(t('editor.alert.uploadingBlocked'));
      return;
    }
    if (!hasContent(value, contentType)) {
      setError(t('comment.validation.contentRequired'));
      return;
    }
    setSubmitting(true);
    try {
      const comment = await send(commentActions.create, { entityType: target.entityType, entityId: target.entityId, content: value, contentType });
      setValue('');
      setError(null);
      if (comment.status === CONTENT_STATUS.pending) {
        // Held by a forbidden word: nobody sees it until a moderator approves it, so the list does
        // not show it either; the author is told it waits instead of being told it is up.
        toast.info(t('comment.success.held'));
        onCancel?.();
        return;
      }
      toast.success(t('comment.success.submit'));
      onPosted(comment);
      // A first comment may be followed by the offer of push notifications (components/push).
      announceCommentPosted();
    } catch (failure) {
      // Pictures sit inline in the content, so an over-the-limit imageList is this box's error too.
      const fieldMessage = failure instanceof ApiError ? (failure.fields?.content ?? failure.fields?.imageList ?? failure.fields?.quoteId) : undefined;
      if (fieldMessage) setError(fieldMessage);
      else handleApiError(failure);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label={label} className="space-y-2" data-testid="comment-box">
      {quote && (
        <div className="flex items-start gap-2 rounded-lg border-l-4 border-zinc-300 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-600 dark:bg-zinc-800/60 dark:text-zinc-300" data-testid="reply-quote">
          <p className="min-w-0">
            <span className="font-medium text-zinc-900 dark:text-zinc-100">{t('commentUi.box.replyingTo', { name: quote.name })}</span>
            {quote.text && <span className="mt-0.5 line-clamp-2 block break-words">{quote.text}</span>}
          </p>
        </div>
      )}
      <ContentEditor
        compact
        contentType={contentType}
        onContentTypeChange={setContentType}
        value={value}
        onChange={(next) => {
          setValue(next);
          // Only real content clears the message (the editor also reports '' when it mounts).
          if (error && hasContent(next, contentType)) setError(null);
        }}
        onUploadingChange={onUploadingChange}
        // The server counts inline pictures against the same limit (comments.service createComment).
        maxImages={COMMENT_LIMITS.imagesMax}
        maxCharacters={COMMENT_LIMITS.contentMax}
        ariaLabel={label}
        placeholder={placeholder}
        autoFocus={autoFocus}
        focusEndRequest={quotes}
        disabled={submitting}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="comment-error">
          {error}
        </p>
      )}
      <div className="flex items-center justify-end gap-2">
        {uploading && (
          <p className="mr-auto text-xs text-zinc-600 dark:text-zinc-400" role="status">
            {t('commentUi.box.uploading')}
          </p>
        )}
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={submitting}>
            {t('commentUi.box.cancel')}
          </Button>
        )}
        <Button type="submit" size="sm" loading={submitting} aria-disabled={uploading || undefined} data-testid="comment-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
