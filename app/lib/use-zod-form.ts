/**
 * A small form hook for the account pages: controlled string fields, validation with a shared
 * zod schema on submit, server field errors (400 `fields`) shown under the same inputs, and
 * every other failure handed to the site's API error rule (spec §8 toasts, sign-in redirect).
 */
import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from './api';
import { focusFirstInvalid } from './focus-invalid';
import { serverFieldErrors, useFieldMessage, validateForm, withoutField, type FieldErrors } from './form-errors';
import { useApiErrorHandler } from './use-api-error';

/** What an input spreads to be controlled by the form. */
export interface InputBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

export interface ZodForm<V extends Record<string, string>> {
  values: V;
  setValues: (values: V) => void;
  submitting: boolean;
  bind: (name: keyof V & string) => InputBinding;
  /** The field's translated message, when it is invalid. */
  errorFor: (name: keyof V & string) => string | undefined;
  /** A message for the whole form (an issue without a field). */
  formError: string | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * Errors about fields the form has no input for (a mail link's `token`) would be
 * invisible under a field: show the first of them as the form's message instead.
 */
export function placeFieldErrors(fields: FieldErrors, hasInput: (field: string) => boolean): FieldErrors {
  const placed: FieldErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    if (field !== '_' && hasInput(field)) placed[field] = message;
    else placed._ ??= message;
  }
  return placed;
}

function inputsOf(form: HTMLFormElement): (field: string) => boolean {
  return (field) => form.elements.namedItem(field) !== null;
}

export interface ZodFormOptions {
  /**
   * Show a failed request's message inside the form instead of a toast (sign-in: "wrong
   * password" must stay readable while the visitor retypes). Not-signed-in still redirects.
   */
  inlineErrors?: boolean;
  /** Empty the fields again after a success (password forms). */
  resetOnSuccess?: boolean;
}

export function useZodForm<S extends z.ZodType, V extends Record<string, string>>(
  schema: S,
  initial: V,
  onValid: (data: z.output<S>) => Promise<void>,
  options: ZodFormOptions = {},
): ZodForm<V> {
  const { inlineErrors = false, resetOnSuccess = false } = options;
  const [initialValues] = useState<V>(initial);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const message = useFieldMessage();
  const handleApiError = useApiErrorHandler();

  const bind = useCallback(
    (name: keyof V & string): InputBinding => ({
      name,
      value: values[name] ?? '',
      onChange: (event) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        // Typing fixes (or changes) the field: its old message no longer applies.
        setErrors((current) => withoutField(current, name));
      },
    }),
    [values],
  );
  const errorFor = useCallback((name: keyof V & string) => message(errors[name]), [errors, message]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (submitting) return;
      const form = event.currentTarget;
      const result = validateForm(schema, values);
      if (!result.ok) {
        setErrors(placeFieldErrors(result.errors, inputsOf(form)));
        focusFirstInvalid(form, Object.keys(result.errors));
        return;
      }
      setErrors({});
      setSubmitting(true);
      onValid(result.data)
        .then(() => {
          if (resetOnSuccess) setValues(initialValues);
        })
        .catch((error: unknown) => {
          const fields = serverFieldErrors(error);
          if (fields) {
            setErrors(placeFieldErrors(fields, inputsOf(form)));
            focusFirstInvalid(form, Object.keys(fields));
          } else if (inlineErrors && error instanceof ApiError && !error.isNotSignedIn) {
            setErrors({ _: { text: error.message } });
          } else handleApiError(error);
        })
        .finally(() => setSubmitting(false));
    },
    [schema, values, submitting, onValid, handleApiError, inlineErrors, resetOnSuccess, initialValues],
  );

  return { values, setValues, submitting, bind, errorFor, formError: message(errors._), onSubmit };
}
