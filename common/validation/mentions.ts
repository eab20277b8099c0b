/**
 * The @-mention lookup's query (docs/api-additions.md `user/mention_suggestions`): what the member
 * typed after `@`, without it. Messages are i18n keys (section `mentions`); the bound is the
 * longest name a member can have, so a longer prefix can name nobody.
 */
import { z } from '../zod';
import { LIMITS } from '../constants';

/** A prefix longer than any username or nickname finds nobody: refused rather than searched. */
export const MENTION_QUERY_MAX = Math.max(LIMITS.usernameMax, LIMITS.nicknameMax);

export const mentionQuerySchema = z.object({
  q: z
    .string({ error: 'mentions.validation.queryRequired' })
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(z.string().min(1, 'mentions.validation.queryRequired').max(MENTION_QUERY_MAX, 'mentions.validation.queryTooLong')),
});
export type MentionQuery = z.output<typeof mentionQuerySchema>;
