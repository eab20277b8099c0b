/**
 * Request validation with the shared zod schemas. Schema messages are i18n keys
 * (e.g. `validation.passwordTooShort`), so the same schema yields translated messages on the
 * server and in the browser's forms.
 */
import type { z } from 'zod';
import { issueMessages } from '../../common/validation/issues';
import { errors, type MessageRef } from './errors';

/**
 * Converts zod issues into `{field: message}`, the first issue of each field winning; a length
 * limit passes its bound as `{{min}}`/`{{max}}` (common/validation/issues.ts).
 */
export function fieldErrors(error: z.ZodError): Record<string, MessageRef> {
  return issueMessages(error);
}

/** Parses input with a schema or throws a 400 validation error naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw errors.validation(fieldErrors(result.error));
  return result.data;
}
