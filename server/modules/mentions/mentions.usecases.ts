/**
 * The mentions use cases (mentions.actions.ts declares who may call each): the editor's lookup of
 * members as the author types `@…`. Only the list's fields leave: never an e-mail or a role.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { mentionActions } from '../../../common/actions/mentions';
import type { MentionSuggestion } from '../../../common/views/mentions';
import type { UserRow } from '../../db/schema';
import type { ReadCall } from '../../kernel/actions';
import { findUsersByNamePrefix } from '../users/users.api';

type Input<K extends keyof typeof mentionActions> = ParsedInputOf<(typeof mentionActions)[K]>;

/** How many members the list offers: a short list the author picks from with the arrows. */
export const MENTION_SUGGESTIONS_MAX = 8;

function presentSuggestion(row: UserRow): MentionSuggestion {
  return { id: row.id, username: row.username, nickname: row.nickname, smallAvatar: row.avatar };
}

/** GET user/mention_suggestions: active members whose username or nickname starts with `q`. */
export async function mentionSuggestions({ db, input }: ReadCall<Input<'suggestions'>, undefined>): Promise<MentionSuggestion[]> {
  const rows = await findUsersByNamePrefix(db, input.q, MENTION_SUGGESTIONS_MAX);
  return rows.map(presentSuggestion);
}
