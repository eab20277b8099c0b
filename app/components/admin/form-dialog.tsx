/**
 * The back office's create/edit dialog (friend links, notices, forbidden words; nodes next): one
 * frame around a form of the site's form helper (~/lib/use-schema-form). It holds the `<form>`
 * (checked by the helper, never by the browser), the form's own message first (a field without
 * an input, a failure the form keeps), the fields the screen gives, and the footer's Cancel and
 * submit buttons — the submit button belongs to the form by its id, sits outside the scrolling
 * fields, and is disabled with a spinner while the form is sent. The dialog is mounted while the
 * screen edits something: closing it (Cancel, Escape, the × button) calls `onClose`.
 *
 *   const link = useSchemaForm(linkActions.create, initial, { onSaved: … });
 *   <FormDialog form={link} title={…} submitLabel={…} onClose={onDone} testId="link-form">…fields…</FormDialog>
 */
import { useId, type ReactNode } from 'react';
import { useT } from '~/lib/use-t';
import type { SchemaForm } from '~/lib/use-schema-form';
import { FormAlert } from '../account/auth-card';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** What the frame needs of a form helper's result. */
export type DialogForm = Pick<SchemaForm<Record<string, unknown>, unknown>, 'submit' | 'submitting' | 'formError'>;

export interface FormDialogProps {
  form: DialogForm;
  title: string;
  description?: string;
  /** The submit button's words (Create, Save…). */
  submitLabel: string;
  onClose: () => void;
  /** The form element's test id (`link-form`…). */
  testId?: string;
  children: ReactNode;
}

export function FormDialog({ form, title, description, submitLabel, onClose, testId, children }: FormDialogProps) {
  const t = useT();
  const formId = useId();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      size="lg"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('site.ui.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={form.submitting} data-testid="form-submit">
            {submitLabel}
          </Button>
        </>
      }
    >
      {/* Long forms scroll inside the dialog on short screens. */}
      <div className="-mx-1 max-h-[65vh] overflow-y-auto px-1">
        <form id={formId} noValidate onSubmit={form.submit} className="space-y-4" data-testid={testId}>
          <FormAlert message={form.formError} />
          {children}
        </form>
      </div>
    </Dialog>
  );
}
