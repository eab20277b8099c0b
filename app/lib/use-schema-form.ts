/**
 * The site's one form helper: react-hook-form validated by `zodResolver` with the SAME zod schema
 * the API uses (common/validation/*, or a declared action's input), so a field shows the server's
 * message before anything is sent. Every form with fields goes through it: the back office's
 * (settings, nodes, tags, links, notices, forbidden words, VIP, the ban and reject dialogs) and
 * the member pages' (sign-in, sign-up, password, account, profile).
 *
 * Given the declared action (its contract: common/actions), the form is checked with the
 * action's input schema and sent with `send(contract, values)`; the answer goes to `onSaved`:
 *
 *   const { form, submit, submitting, errorFor, formError } = useSchemaForm(linkActions.create, initial, {
 *     onSaved: (link) => { … },
 *   });
 *   <form onSubmit={submit} noValidate> <Field error={errorFor('title')}>…{...form.register('title')}
 *
 * A form whose fields are not the request's names its own `schema` (the whole settings screen,
 * sent to the partial update) and makes the request with `input` (a dialog adds the order's id).
 * A form whose page does the sending (a dialog handing its reason to the page; a member page's
 * own call) gives a schema and `onValid` instead of a contract.
 *
 * - Client messages are i18n keys with params (a length limit's `{{max}}`), translated at render
 *   time; the server's 400 `fields` (errorCode 5, see ./api ApiError) arrive translated and are
 *   set on the same fields (type 'server'), shown as sent.
 * - An error about a field the form has no input for (a hidden `id`, a mail link's `token`)
 *   becomes the form's message.
 * - After an invalid submit (client or server) the first invalid input in the form gets focus.
 * - `submitting` is true while the form is sent (the submit button shows it and is disabled).
 * - Any other failure goes to `onFailure` when given (return true when handled), or stays in the
 *   form as its message with `inlineErrors` (sign-in: "wrong password" must stay readable while
 *   the visitor retypes; not signed in still redirects), else to the site's API error rule
 *   (toast, sign-in redirect).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, type FormEvent } from 'react';
import { get, useForm, type DefaultValues, type FieldError, type FieldErrors, type FieldPath, type FieldValues, type Resolver, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { AnyContract, InputOf, OutputOf } from '../../common/actions/contract';
import { isMessageKey, issueMessages, type IssueMessage } from '../../common/validation/issues';
import { ApiError, send } from './api';
import { focusFirstInvalid } from './focus-invalid';
import type { TFunction } from './i18n';
import { useApiErrorHandler } from './use-api-error';
import { useT } from './use-t';

/** The error type of a message the server sent (already translated). */
export const SERVER_ERROR = 'server';
/** Where a message about a field without an input goes (shown as the form's message). */
const FORM_ERROR = 'root.form' as const;

/**
 * zodResolver keeps an issue's message (our i18n key) but not its params (`{{max}}`): the
 * resolver below remembers each error object's issue here, looked up when it is translated.
 */
const issuesByError = new WeakMap<object, IssueMessage>();

/** zodResolver over `schema`, noting each field error's i18n key and params. */
export function schemaResolver<V extends FieldValues, Out>(schema: z.ZodType<Out>): Resolver<V, unknown, Out> {
  // The form holds what its inputs show (text, booleans); the schema's preprocessors read those,
  // so its declared input type is wider than V: the resolver is typed by the form's values.
  const base = zodResolver(schema as unknown as z.ZodType<Out, V>) as unknown as Resolver<V, unknown, Out>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (Object.keys(result.errors).length > 0) {
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        for (const [path, issue] of Object.entries(issueMessages(parsed.error))) {
          const error: unknown = get(result.errors, path);
          if (error && typeof error === 'object') issuesByError.set(error, issue);
        }
      }
    }
    return result;
  };
}

/** A field error as text: the server's as sent, a client key translated with its issue's params. */
export function messageOf(error: unknown, t: TFunction): string | undefined {
  if (!isFieldError(error) || !error.message) return undefined;
  if (error.type === SERVER_ERROR) return error.message;
  const issue = issuesByError.get(error);
  if (issue) return t(issue.key, issue.params ?? {});
  return t(isMessageKey(error.message) ? error.message : 'validation.invalid');
}

function isFieldError(node: unknown): node is FieldError {
  return typeof node === 'object' && node !== null && typeof (node as { type?: unknown }).type === 'string' && 'message' in node;
}

/** The dotted names of every field with an error (nested objects and arrays walked). */
export function errorPaths(errors: FieldErrors | Record<string, unknown>, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, node] of Object.entries(errors)) {
    if (key === 'root' && !prefix) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (isFieldError(node)) paths.push(path);
    else if (node && typeof node === 'object') paths.push(...errorPaths(node as Record<string, unknown>, path));
  }
  return paths;
}

function hasInput(form: HTMLFormElement | null, field: string): boolean {
  return form !== null && form.elements.namedItem(field) !== null;
}

/** What every form may add: how invalid fields, other failures and a success are handled. */
interface FormHandlers {
  /** Fields were invalid (client or server), with their dotted names: e.g. open their tab. */
  onInvalid?: (fields: string[]) => void;
  /** A failure that named no field; return true when handled here (else `inlineErrors` or the site's error rule). */
  onFailure?: (error: unknown) => boolean;
  /** A failure that named no field stays in the form as its message (not signed in still redirects). */
  inlineErrors?: boolean;
  /** Empty the fields again after a success (password forms). */
  resetOnSuccess?: boolean;
}

/** A form the page sends itself: the valid values go to `onValid`. */
export interface SchemaFormOptions<Out> extends FormHandlers {
  /** Sends the valid values (the schema's output). A throw is shown by the form. */
  onValid: (data: Out) => Promise<void>;
}

/** A form sent to a declared action with `send`. */
export interface ActionFormOptions<Out, C extends AnyContract> extends FormHandlers {
  /** The form's own schema, when its fields are not the action's input (default: the contract's input). */
  schema?: z.ZodType<Out>;
  /** The request made from the valid values (default: the values as they are). */
  input?: (data: Out) => InputOf<C>;
  /** The action answered: its answer, and the values sent. */
  onSaved?: (answer: OutputOf<C>, data: Out) => void | Promise<void>;
}

/** What a text input spreads: its registration, and its value for the server's render. */
export type InputBinding = UseFormRegisterReturn & { defaultValue?: string };

export interface SchemaForm<V extends FieldValues, Out> {
  form: UseFormReturn<V, unknown, Out>;
  /** The form's onSubmit. */
  submit: (event: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  /** The field's translated message, when it is invalid. */
  errorFor: (name: FieldPath<V>) => string | undefined;
  /** A message for the whole form (about a field it has no input for, or an `inlineErrors` failure). */
  formError: string | undefined;
  /**
   * A text input's registration, with its default value so the server's render shows it
   * before hydration: `<Input {...bind('email')} />` (`form.register` for other controls).
   */
  bind: (name: FieldPath<V>) => InputBinding;
  /** The values as they are now (the component renders again as they change). */
  values: V;
}

function isContract(source: AnyContract | z.ZodType): source is AnyContract {
  return 'name' in source && 'input' in source && !('_zod' in source);
}

/** The valid values sent to the action, the answer handed on. */
function sendTo<Out>(action: AnyContract, options: ActionFormOptions<Out, AnyContract>): (data: Out) => Promise<void> {
  return async (data) => {
    // The values are the schema's output; the server parses them again as its input.
    const answer = await send(action, options.input ? options.input(data) : (data as InputOf<AnyContract>));
    await options.onSaved?.(answer, data);
  };
}

/** Sets the server's `fields` of a 400 on the form; returns the fields it named (none: not a field error). */
export function setServerErrors<V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>, error: unknown, element: HTMLFormElement | null): string[] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  const entries = Object.entries(error.fields);
  for (const [field, message] of entries) {
    const name = hasInput(element, field) ? field : FORM_ERROR;
    form.setError(name as FieldPath<V>, { type: SERVER_ERROR, message });
  }
  return entries.map(([field]) => field);
}

/** A form sent to a declared action (its answer to `onSaved`). */
export function useSchemaForm<V extends FieldValues, C extends AnyContract, Out = z.output<C['input']>>(action: C, defaultValues: DefaultValues<V>, options: ActionFormOptions<Out, C>): SchemaForm<V, Out>;
/** A form the page sends itself (`onValid`). */
export function useSchemaForm<V extends FieldValues, Out>(schema: z.ZodType<Out>, defaultValues: DefaultValues<V>, options: SchemaFormOptions<Out>): SchemaForm<V, Out>;
export function useSchemaForm<V extends FieldValues, Out>(
  source: AnyContract | z.ZodType<Out>,
  defaultValues: DefaultValues<V>,
  options: SchemaFormOptions<Out> | ActionFormOptions<Out, AnyContract>,
): SchemaForm<V, Out> {
  const t = useT();
  const handleApiError = useApiErrorHandler();
  const schema = isContract(source) ? ((options as ActionFormOptions<Out, AnyContract>).schema ?? (source.input as z.ZodType<Out>)) : source;
  const form = useForm<V, unknown, Out>({ resolver: schemaResolver<V, Out>(schema), defaultValues, shouldFocusError: false });
  const { onInvalid, onFailure, inlineErrors = false, resetOnSuccess = false } = options;
  const onValid = 'onValid' in options ? options.onValid : sendTo(source as AnyContract, options);

  /** A failure that named no field: the form's own rule, the form's message, or the site's rule. */
  const failed = (error: unknown) => {
    if (onFailure?.(error)) return;
    if (inlineErrors && error instanceof ApiError && !error.isNotSignedIn) form.setError(FORM_ERROR as FieldPath<V>, { type: SERVER_ERROR, message: error.message });
    else handleApiError(error);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Enter pressed again while the form is being sent sends nothing more (the button is disabled).
    if (form.formState.isSubmitting) {
      event.preventDefault();
      return;
    }
    const element = event.currentTarget;
    void form.handleSubmit(
      async (data) => {
        try {
          await onValid(data);
          if (resetOnSuccess) form.reset();
        } catch (error) {
          const fields = setServerErrors(form, error, element);
          if (fields.length > 0) {
            onInvalid?.(fields);
            focusFirstInvalid(element, fields);
          } else failed(error);
        }
      },
      (errors) => {
        const fields = errorPaths(errors);
        // A field without an input (an id) would be invisible: say it as the form's message.
        const hidden = fields.find((field) => !hasInput(element, field));
        if (hidden) {
          const error = get(errors, hidden) as FieldError;
          form.setError(FORM_ERROR as FieldPath<V>, { ...error });
          const issue = issuesByError.get(error);
          const root: unknown = get(form.formState.errors, FORM_ERROR);
          if (issue && root && typeof root === 'object') issuesByError.set(root, issue);
        }
        onInvalid?.(fields);
        focusFirstInvalid(element, fields);
      },
    )(event);
  };

  const translate = useCallback((error: unknown) => messageOf(error, t), [t]);
  const { errors, isSubmitting } = form.formState;
  const errorFor = (name: FieldPath<V>) => translate(get(errors, name));
  const bind = (name: FieldPath<V>): InputBinding => {
    const initial: unknown = get(defaultValues, name);
    return { ...form.register(name), ...(typeof initial === 'string' ? { defaultValue: initial } : {}) };
  };
  return {
    form,
    submit,
    submitting: isSubmitting,
    errorFor,
    formError: translate(get(errors, FORM_ERROR)),
    bind,
    // Watched only by the forms that read it: every keystroke renders those again, not all forms.
    get values() {
      return form.watch();
    },
  };
}
