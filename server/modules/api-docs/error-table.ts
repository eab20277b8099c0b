/**
 * API.md's errorCode table (common/errors.ts) as the OpenAPI document describes it once: the
 * error envelope (`ApiError`) and each code with the statuses it comes with. Keyed by the
 * codes' names, so a new code fails the typecheck until it is described here.
 */
import { ErrorCode } from '../../../common/errors';
import type { JsonSchema } from './json-schema';
import { COMPONENT_REF } from './json-schema';

interface CodeEntry {
  statuses: readonly number[];
  /** One English line, as API.md says it. */
  meaning: string;
}

export const ERROR_CODES: Record<keyof typeof ErrorCode, CodeEntry> = {
  Other: { statuses: [500], meaning: 'anything else; a 5xx never tells its internals' },
  NotSignedIn: { statuses: [401], meaning: 'not signed in: sign in and try again' },
  Forbidden: { statuses: [403], meaning: 'forbidden (by role, owner, or a module switched off)' },
  Banned: { statuses: [403], meaning: 'the member is banned' },
  EmailNotVerified: { statuses: [403], meaning: 'the e-mail address is not verified' },
  Validation: { statuses: [400], meaning: 'a field is invalid: `fields` names each one with its message' },
  NotFound: { statuses: [404], meaning: 'not found' },
  RateLimited: { statuses: [429], meaning: 'too many requests: retry after `Retry-After` seconds' },
  NotInstalled: { statuses: [428], meaning: 'the site is not installed yet' },
  Conflict: { statuses: [409], meaning: 'conflicts with the current state' },
  PayloadRejected: { statuses: [413, 415], meaning: 'the upload is too large, or of a type not accepted' },
};

/** The table as rows, in code order. */
export function errorCodeRows(): Array<{ code: number; name: string; statuses: number[]; meaning: string }> {
  return (Object.keys(ERROR_CODES) as Array<keyof typeof ErrorCode>)
    .map((name) => ({ code: ErrorCode[name], name, statuses: [...ERROR_CODES[name].statuses], meaning: ERROR_CODES[name].meaning }))
    .sort((a, b) => a.code - b.code);
}

/** `components/schemas`: the errorCode table and the error envelope. */
export function errorComponents(): Record<string, JsonSchema> {
  return {
    ErrorCode: {
      type: 'integer',
      description: 'API.md’s errorCode table; the HTTP status is meaningful as well.',
      oneOf: errorCodeRows().map((row) => ({ const: row.code, title: row.name, description: `${row.statuses.join(' or ')}: ${row.meaning}` })),
    },
    ApiError: {
      type: 'object',
      description: 'The error envelope every refusal answers with.',
      properties: {
        success: { const: false },
        errorCode: { $ref: `${COMPONENT_REF}ErrorCode` },
        message: { type: 'string', description: 'Human text in the request’s language.' },
        fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Validation (errorCode 5): each bad field with its message.' },
      },
      required: ['success', 'errorCode', 'message'],
    },
  };
}
