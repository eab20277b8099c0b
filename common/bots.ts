/**
 * Whether a user agent is a bot (the `isbot` package), remembered per user-agent string.
 *
 * Every page request asks (the page cache's key, the view count, the render's error path), and
 * `isbot` tests one large regular expression each time. Readers send few distinct strings (a
 * browser's version changes monthly), so the answers are kept in a Map; the Map is emptied when
 * it reaches its bound, so a client sending a new string per request costs what it did before
 * and holds no more memory.
 */
import { isbot } from 'isbot';

const MAX_REMEMBERED = 1_000;
const answers = new Map<string, boolean>();

export function isBot(userAgent: string): boolean {
  const known = answers.get(userAgent);
  if (known !== undefined) return known;
  const bot = isbot(userAgent);
  if (answers.size >= MAX_REMEMBERED) answers.clear();
  answers.set(userAgent, bot);
  return bot;
}
