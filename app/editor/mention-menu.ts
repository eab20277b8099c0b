/**
 * The @-mention list's pure rules, shared by the rich-text and the Markdown editors: which keys
 * move, pick or close; where an `@query` is being typed; what a picked member becomes in
 * Markdown. No DOM, no React: unit-tested in mention-menu.test.ts.
 */
import type { MentionSuggestion } from '../../common/views/mentions';

export type MentionKeyAction = { type: 'move'; index: number } | { type: 'select'; index: number } | { type: 'close' } | { type: 'ignore' };

export interface MentionKey {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  isComposing?: boolean;
}

/**
 * Arrows move (wrapping), Enter or Tab mention the highlighted member, Escape closes. Digits are
 * typed, not picked (unlike the slash menu): names hold digits.
 */
export function mentionMenuKey(event: MentionKey, index: number, count: number): MentionKeyAction {
  if (event.isComposing) return { type: 'ignore' };
  if (event.key === 'Escape') return { type: 'close' };
  if (event.ctrlKey || event.metaKey || event.altKey || count <= 0) return { type: 'ignore' };
  const current = Math.min(Math.max(index, 0), count - 1);
  switch (event.key) {
    case 'ArrowDown':
      return { type: 'move', index: (current + 1) % count };
    case 'ArrowUp':
      return { type: 'move', index: (current - 1 + count) % count };
    case 'Enter':
    case 'Tab':
      return { type: 'select', index: current };
    default:
      return { type: 'ignore' };
  }
}

/** The longest name a lookup is made for (a nickname's limit). */
const QUERY_MAX = 32;
// `@` at the start or after a space or an opening bracket (not inside an address), then the name so far.
const QUERY_BEFORE_CARET = new RegExp(`(?:^|[\\s(\\[{>])@([^\\s@]{1,${QUERY_MAX}})$`, 'u');

/** The `@query` just before the caret in plain text: where its `@` is and what follows it; null when none. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = QUERY_BEFORE_CARET.exec(before);
  if (!match) return null;
  const query = match[1]!;
  return { start: caret - query.length - 1, query };
}

/**
 * A picked member in Markdown: `@username` (the server resolves it when rendering), or a link to
 * the profile for a member without a username (`[@nick](/user/12)`, which the server reads as a
 * mention just the same).
 */
export function markdownMention(member: MentionSuggestion): string {
  if (member.username) return `@${member.username}`;
  const label = member.nickname.replace(/[\\[\]]/g, (ch) => `\\${ch}`);
  return `[@${label}](/user/${member.id})`;
}

/** The site path of a member's profile: what a mention links to. */
export function profilePath(id: number): string {
  return `/user/${id}`;
}
