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
  if (issue.code === 'unrecognized_keys' && !isMessageKey(issue.message)) return { key: 'validation.unknownField' };
  const key = isMessageKey(issue.message) ? issue.message : 'validation.invalid';
  if (issue.code === 'too_small') return { key, params: { min: Number(issue.minimum) } };
  if (issue.code === 'too_big') return { key, params: { max: Number(issue.maximum) } };
  if (issue.code === 'custom' && issue.params) return { key, params: issue.params };
  return { key };
}

/** Keys of one unrecognized-keys issue named at most: a hostile body of ten thousand keys gets no longer an answer. */
const UNKNOWN_KEYS_NAMED = 20;
/** An unknown key is named up to this length (the answer echoes it), as text-safety.ts cuts its field names. */
const UNKNOWN_KEY_SHOWN = 100;

const shownKey = (key: string) => (key.length > UNKNOWN_KEY_SHOWN ? `${key.slice(0, UNKNOWN_KEY_SHOWN - 1)}…` : key);

/** The fields an issue is about: its path, or for keys a strict object does not know, each key under it. */
function issueFields(issue: z.core.$ZodIssue): string[] {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') return issue.keys.slice(0, UNKNOWN_KEYS_NAMED).map((key) => [...path, shownKey(key)].join('.'));
  return [path.length ? path.join('.') : '_'];
}

/**
 * `{field: message}` for a form, the first issue of each field winning (`_` for the whole form).
 * Field names can be the sender's own keys (an unknown key is named), so they are gathered in a
 * Map: a plain object would find `constructor` already there, and take `__proto__` as its prototype.
 */
export function issueMessages(error: z.ZodError): Record<string, IssueMessage> {
  const fields = new Map<string, IssueMessage>();
  for (const issue of error.issues) {
    for (const field of issueFields(issue)) if (!fields.has(field)) fields.set(field, issueMessage(issue));
  }
  // fromEntries defines each as an own property, `__proto__` included.
  return Object.fromEntries(fields);
}
