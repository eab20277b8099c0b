/**
 * The editor's member lookup (GET user/mention_suggestions): one request per new prefix, answers
 * kept for the page's life so moving back over typed letters asks nothing again.
 */
import { mentionActions } from '../../common/actions/mentions';
import type { MentionSuggestion } from '../../common/views/mentions';
import { send } from '../lib/api';

const answers = new Map<string, Promise<MentionSuggestion[]>>();
/** Prefixes kept; the oldest goes first. */
const KEPT = 100;

export function lookupMembers(query: string): Promise<MentionSuggestion[]> {
  const key = query.toLowerCase();
  const known = answers.get(key);
  if (known) return known;
  const asked = send(mentionActions.suggestions, { q: query }).catch(() => {
    // A refused or failed lookup (a limit, the network) offers nobody and is asked again later.
    answers.delete(key);
    return [];
  });
  answers.set(key, asked);
  if (answers.size > KEPT) answers.delete(answers.keys().next().value!);
  return asked;
}
