/**
 * Pieces of the item editors (topic and article create/edit): the e-mail gate's notice, a
 * labelled section, the rich-text/Markdown content field with its switch, the tags field, and
 * the footer with the upload status, cancel and submit.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ContentEditor, EditorSwitch, type ContentType } from '~/editor';
import { AlertIcon } from '~/components/topic/icons';
import { TagInput } from '~/components/topic/tag-input';
import { Button, ButtonLink } from '~/components/ui/button';
import { Field, Input, Textarea } from '~/components/ui/input';
import { paths } from '~/lib/paths';
import { useT } from '~/lib/use-t';

/** Posting needs a set and verified e-mail (spec §5): the kind's wording and the go-verify link. */
export function VerifyEmailNotice({ message }: { message: string }) {
  const t = useT();
  return (
    <div role="alert" className="mb-5 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100" data-testid="verify-email-notice">
      <AlertIcon className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">{message}</p>
      <Link to={paths.account} className="font-semibold underline underline-offset-2 hover:no-underline" data-testid="verify-email-link">
        {t('topicForm.goVerify')}
      </Link>
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-red-700 dark:text-red-400" role="alert">
      {children}
    </p>
  );
}

export interface TextFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  placeholder: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** A multi-line field of this many rows; one line without. */
  rows?: number;
  /** The control's own classes (size, type). */
  className?: string;
  /** The field's place in the form's grid. */
  fieldClassName?: string;
  testId: string;
}

/** A labelled text input (or textarea) of an item's form, its limit enforced by the browser too. */
export function TextField({ label, name, value, onChange, maxLength, placeholder, error, hint, required, rows, className = '', fieldClassName, testId }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={fieldClassName}>
      {(control) => {
        const common = { ...control, name, value, maxLength, placeholder, 'data-testid': testId };
        return rows ? (
          <Textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} className={`resize-y ${className}`} />
        ) : (
          <Input {...common} onChange={(event) => onChange(event.target.value)} className={className} />
        );
      }}
    </Field>
  );
}

/** A labelled part of a form whose control is not a single input (a label `for` it, or a caption by id). */
export function FormSection({ label, htmlFor, error, hint, children, labelId }: { label: ReactNode; htmlFor?: string; labelId?: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      {htmlFor ? (
        <label htmlFor={htmlFor} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </label>
      ) : (
        <p id={labelId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
        </p>
      )}
      {children}
      {hint && !error && <p className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</p>}
      {error && <FieldError>{error}</FieldError>}
    </div>
  );
}

export interface ContentFieldProps {
  label: string;
  contentType: ContentType;
  value: string;
  onChange: (value: string) => void;
  /** Switching clears the content (the switch confirms when `hasContent`). */
  onContentTypeChange: (next: ContentType) => void;
  /** Whether switching would lose something; default: this field has content. */
  hasContent?: boolean;
  onUploadingChange: (busy: boolean) => void;
  error?: string;
  disabled: boolean;
}

/** The required content: its caption with the editor switch beside it, the editor, its error. */
export function ContentField({ label, contentType, value, onChange, onContentTypeChange, hasContent, onUploadingChange, error, disabled }: ContentFieldProps) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-end justify-between gap-3">
        <p id="content-label" className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
          <span className="ml-0.5 text-red-700 dark:text-red-400" aria-hidden="true">
            *
          </span>
        </p>
        <EditorSwitch value={contentType} hasContent={hasContent ?? value.trim() !== ''} disabled={disabled} onChange={onContentTypeChange} />
      </div>
      <ContentEditor contentType={contentType} value={value} onChange={onChange} onUploadingChange={onUploadingChange} ariaLabel={label} disabled={disabled} />
      {error && <FieldError>{error}</FieldError>}
    </div>
  );
}

/** Tags with autocomplete (the existing tag input) and the kind's hint under it. */
export function TagsField({ value, onChange, error, hint, disabled }: { value: string[]; onChange: (tags: string[]) => void; error?: string; hint: string; disabled: boolean }) {
  const t = useT();
  return (
    <FormSection label={t('topicForm.tags')} htmlFor="item-tags" error={error}>
      <TagInput id="item-tags" value={value} onChange={onChange} invalid={Boolean(error)} disabled={disabled} />
      {!error && <p className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</p>}
    </FormSection>
  );
}

export interface FormFooterProps {
  uploading: boolean;
  submitting: boolean;
  cancelTo: string;
  submitLabel: string;
  submitTestId: string;
  /** A form-wide error (the server named no field). */
  formError?: string;
}

/** The form's last row: a form-wide error, "uploading…" while an image uploads, cancel and submit. */
export function FormFooter({ uploading, submitting, cancelTo, submitLabel, submitTestId, formError }: FormFooterProps) {
  const t = useT();
  return (
    <>
      {formError && <FieldError>{formError}</FieldError>}
      <div className="flex items-center justify-end gap-2 border-t border-zinc-200 pt-5 dark:border-zinc-800">
        {uploading && (
          <p className="mr-auto text-xs text-zinc-500 dark:text-zinc-400" role="status">
            {t('editor.image.uploading')}
          </p>
        )}
        <ButtonLink to={cancelTo} variant="ghost">
          {t('site.ui.cancel')}
        </ButtonLink>
        {/* aria-disabled, not disabled: a click while uploading must still say why it waits. */}
        <Button type="submit" loading={submitting} data-testid={submitTestId} aria-disabled={uploading || undefined}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
