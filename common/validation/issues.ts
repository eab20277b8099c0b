/**
 * Turns a zod issue into an i18n message reference. Schema messages are i18n keys; a length
 * limit hands its bound to the text as `{{min}}`/`{{max}}`, and a refinement may carry its own
 * `params`. Server (server/http/validate.ts) and browser forms translate issues the same way.
 */
import type { z } from 'zod';

export interface IssueMessage {
  key: string;
  params?: Record<string, unknown>;
}

/** A message is an i18n key when it is dotted and has no spaces; zod's own English is not. */
export function isMessageKey(message: string): boolean {
  return message.includes('.') && !message.includes(' ');
}

export function issueMessage(issue: z.core.$ZodIssue): IssueMessage {
  const key = isMessageKey(issue.message) ? issue.message : 'validation.invalid';
  if (issue.code === 'too_small') return { key, params: { min: Number(issue.minimum) } };
  if (issue.code === 'too_big') return { key, params: { max: Number(issue.maximum) } };
  if (issue.code === 'custom' && issue.params) return { key, params: issue.params };
  return { key };
}

/** `{field: message}` for a form, the first issue of each field winning (`_` for the whole form). */
export function issueMessages(error: z.ZodError): Record<string, IssueMessage> {
  const fields: Record<string, IssueMessage> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    if (!(field in fields)) fields[field] = issueMessage(issue);
  }
  return fields;
}
