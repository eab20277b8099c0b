/**
 * Form validation in the browser with the SAME zod schemas the API uses (common/validation/*),
 * so a field shows the server's message before any request is made. Client issues are i18n
 * keys with params (translated at render time, so a language switch re-translates them);
 * server `fields` arrive already translated and are shown as sent.
 */
import { useCallback } from 'react';
import type { z } from 'zod';
import { issueMessages, type IssueMessage } from '../../common/validation/issues';
import { ApiError } from './api';
import { useT } from './use-t';

export type FieldMessage = IssueMessage | { text: string };
export type FieldErrors = Record<string, FieldMessage>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Parses form values with a shared schema; on failure, one message per field. */
export function validateForm<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: issueMessages(result.error) };
}

/** The server's per-field messages of a 400 (errorCode 5), or null when it named no field. */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || !error.fields) return null;
  const entries = Object.entries(error.fields);
  if (entries.length === 0) return null;
  return Object.fromEntries(entries.map(([field, text]) => [field, { text }]));
}

/** Drops one field's error (the user edited it), keeping the object identity when unchanged. */
export function withoutField(errors: FieldErrors, field: string): FieldErrors {
  if (!Object.hasOwn(errors, field)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/** Renders a field message in the current language. */
export function useFieldMessage(): (message: FieldMessage | undefined) => string | undefined {
  const t = useT();
  return useCallback(
    (message: FieldMessage | undefined) => {
      if (!message) return undefined;
      if ('text' in message) return message.text;
      return t(message.key, message.params ?? {});
    },
    [t],
  );
}
