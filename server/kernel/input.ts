/**
 * An action's input checked with the shared zod schemas. Schema messages are i18n keys
 * (e.g. `validation.passwordTooShort`), so the same schema yields translated messages on the
 * server and in the browser's forms.
 */
import type { z } from 'zod';
import { issueMessages } from '../../common/validation/issues';
import { UNSAFE_TEXT_MESSAGE, unsafeTextFields } from '../../common/validation/text-safety';
import { errors, type MessageRef } from '../infra/errors';

/**
 * Converts zod issues into `{field: message}`, the first issue of each field winning; a length
 * limit passes its bound as `{{min}}`/`{{max}}` (common/validation/issues.ts).
 */
export function fieldErrors(error: z.ZodError): Record<string, MessageRef> {
  return issueMessages(error);
}

/** Throws a 400 validation error naming every field of `input` that holds unsafe text (common/validation/text-safety.ts). */
export function refuseUnsafeText(input: unknown): void {
  const fields = unsafeTextFields(input);
  if (fields.length > 0) throw errors.validation(Object.fromEntries(fields.map((field) => [field, UNSAFE_TEXT_MESSAGE])));
}

/**
 * Parses input with a schema or throws a 400 validation error naming each bad field. Unsafe text
 * is refused here too, not only by the request guard (http/validate.ts): page loaders hand text
 * to actions in-process, past every HTTP hook.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  refuseUnsafeText(input);
  return parseScreened(schema, input);
}

/** As `parseInput`, for text the request's guard already screened for unsafe characters. */
export function parseScreened<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw errors.validation(fieldErrors(result.error));
  return result.data;
}
