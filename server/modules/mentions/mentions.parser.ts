/**
 * Finding mentions and quotes in a post's stored HTML, and decorating the mentions the server
 * resolved. Pure: no database, no DOM. It reads SANITIZED html only (content.api's output: well
 * formed, attributes double-quoted, `<`, `>` and `"` escaped in text and attribute values), which
 * is why a tag pattern is exact here — never feed it raw user HTML.
 *
 * Two spellings of a mention:
 * - a link to a member's profile whose text starts with `@` (the rich-text editor's mention node,
 *   `<a href="/user/12">@nick</a>`; the sanitizer has already dropped any class or data attribute
 *   the author sent, so nothing the author wrote marks a link as a mention);
 * - `@username` in plain text (Markdown, plain text, or typed without picking), outside links,
 *   code and quotes.
 * Quotes are blockquotes; the links in them name what was quoted (`/topic/3#comment-9`). Mentions
 * inside a quote are the quoted author's, not this post's: they are left alone.
 */
import { USERNAME_PATTERN } from '../../../common/constants';
import { LINK_REL, LINK_TARGET } from '../../../common/rich-text/policy';

/** A link to a member's profile whose text starts with `@`: the opening tag's range is rewritten. */
export interface LinkMention {
  by: 'link';
  userId: number;
  start: number;
  end: number;
}

/** `@username` in text: the range of `@username` is wrapped in a link. */
export interface NameMention {
  by: 'name';
  username: string;
  start: number;
  end: number;
}

export type MentionCandidate = LinkMention | NameMention;

export interface ContentScan {
  /** In document order. */
  mentions: MentionCandidate[];
  /** The hrefs of links inside blockquotes, in document order (decoded). */
  quotes: string[];
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"]|"[^"]*")*)>/g;
const HREF = /\shref="([^"]*)"/;
/** `/user/12`, or the same path on this site written absolute (an outbound link is a `/redirect?url=` one by now). */
const PROFILE_PATH = /^(?:https?:\/\/[^/?#]+)?\/user\/([1-9]\d{0,15})\/?$/i;
// A username as USERNAME_PATTERN allows it, not glued to a word, an address (`me@host`) or a path.
const NAME_MENTION = /(^|[^A-Za-z0-9_@./&#-])@([A-Za-z][A-Za-z0-9_-]{4,11})(?![A-Za-z0-9_-])/g;

function decodeAttribute(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The member id a profile link names, or null. */
export function profileIdOf(href: string): number | null {
  const match = PROFILE_PATH.exec(href);
  return match ? Number(match[1]) : null;
}

function nameMentionsIn(text: string, offset: number): NameMention[] {
  const found: NameMention[] = [];
  for (const match of text.matchAll(NAME_MENTION)) {
    const username = match[2]!;
    if (!USERNAME_PATTERN.test(username)) continue;
    const start = offset + match.index + match[1]!.length;
    found.push({ by: 'name', username, start, end: start + 1 + username.length });
  }
  return found;
}

interface OpenLink {
  userId: number | null;
  start: number;
  end: number;
  text: string;
}

/** The mentions and quoted links of a post's sanitized HTML. */
export function scanContent(html: string): ContentScan {
  const mentions: MentionCandidate[] = [];
  const quotes: string[] = [];
  let link: OpenLink | null = null;
  let code = 0;
  let quote = 0;
  let last = 0;
  const text = (from: number, to: number): void => {
    if (from >= to) return;
    const piece = html.slice(from, to);
    if (link) link.text += piece;
    else if (code === 0 && quote === 0) mentions.push(...nameMentionsIn(piece, from));
  };
  for (const match of html.matchAll(TAG)) {
    text(last, match.index);
    last = match.index + match[0].length;
    const closing = match[1] === '/';
    const tag = match[2]!.toLowerCase();
    if (tag === 'code' || tag === 'pre') code = Math.max(0, code + (closing ? -1 : 1));
    else if (tag === 'blockquote') quote = Math.max(0, quote + (closing ? -1 : 1));
    else if (tag === 'a' && !closing) {
      const href = decodeAttribute(HREF.exec(match[3] ?? '')?.[1] ?? '');
      if (quote > 0 && href !== '') quotes.push(href);
      link = { userId: quote === 0 && code === 0 ? profileIdOf(href) : null, start: match.index, end: last, text: '' };
    } else if (tag === 'a' && closing && link) {
      if (link.userId !== null && link.text.trimStart().startsWith('@')) mentions.push({ by: 'link', userId: link.userId, start: link.start, end: link.end });
      link = null;
    }
  }
  text(last, html.length);
  return { mentions, quotes };
}

/** How a resolved candidate is written: a mention (told, marked) or a plain profile link (over the cap). */
export type MentionStyle = 'mention' | 'plain';

export interface MentionDecision {
  candidate: MentionCandidate;
  userId: number;
  style: MentionStyle;
}

/** The opening tag of a profile link, as the sanitizer would write it, marked when it is a mention. */
export function profileLinkTag(userId: number, style: MentionStyle): string {
  const mark = style === 'mention' ? ` class="mention" data-user-id="${userId}"` : '';
  return `<a href="/user/${userId}"${mark} rel="${LINK_REL}" target="${LINK_TARGET}">`;
}

/** The HTML with each decided candidate rewritten; candidates not decided stay as written. */
export function decorateMentions(html: string, decisions: readonly MentionDecision[]): string {
  const ordered = [...decisions].sort((a, b) => b.candidate.start - a.candidate.start);
  let out = html;
  for (const { candidate, userId, style } of ordered) {
    const tag = profileLinkTag(userId, style);
    const replacement = candidate.by === 'link' ? tag : `${tag}${out.slice(candidate.start, candidate.end)}</a>`;
    out = out.slice(0, candidate.start) + replacement + out.slice(candidate.end);
  }
  return out;
}
