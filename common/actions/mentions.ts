/** @-mentions (docs/api-additions.md "Mentions"): the editor's lookup of members as the author types. */
import type { MentionSuggestion } from '../views/mentions';
import { mentionQuerySchema } from '../validation/mentions';
import { contract, returns } from './contract';

export const mentionActions = {
  suggestions: contract({
    name: 'mentions.suggestions',
    method: 'GET',
    path: '/api/user/mention_suggestions',
    input: mentionQuerySchema,
    output: returns<MentionSuggestion[]>(),
    summary: 'Up to 8 active members whose username or nickname starts with `q` (an exact name first): the editor’s @-mention list.',
  }),
};
