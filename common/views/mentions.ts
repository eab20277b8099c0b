/**
 * A member the editor offers after `@` (docs/api-additions.md `user/mention_suggestions`): only
 * what the list shows and the mention stores — never an e-mail, a role or a ban.
 */
import { z } from '../zod';

export const mentionSuggestionSchema = z
  .strictObject({
    id: z.number(),
    /** null: a member who never chose one (signed up by e-mail only); the nickname is shown. */
    username: z.string().nullable(),
    nickname: z.string(),
    smallAvatar: z.string(),
  })
  .meta({ id: 'MentionSuggestion' });
export type MentionSuggestion = z.infer<typeof mentionSuggestionSchema>;
