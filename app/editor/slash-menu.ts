/**
 * Slash menu logic (spec §4, §9), free of DOM and TipTap so it can be unit-tested: which commands
 * match a query, and what a key press does while the menu is open.
 */
import { EDITOR } from './constants';

export const SLASH_COMMAND_IDS = [
  'heading1',
  'heading2',
  'heading3',
  'bulletList',
  'orderedList',
  'quote',
  'codeBlock',
  'divider',
] as const;
export type SlashCommandId = (typeof SLASH_COMMAND_IDS)[number];

export interface SlashCommand {
  id: SlashCommandId;
  /**
   * English and Chinese aliases (plus pinyin initials) a query may match. No digits: while the
   * menu is open, 1–9 pick an item (spec §9), so a digit can never be typed into a query. Spaces
   * are fine: a query is matched with spaces removed, so 'bulletlist' finds 'bullet list'.
   */
  aliases: readonly string[];
}

export const SLASH_COMMANDS: readonly SlashCommand[] = [
  { id: 'heading1', aliases: ['heading', 'title', 'big heading', 'large heading', '标题', '一级标题', '大标题', 'bt', 'yjbt'] },
  { id: 'heading2', aliases: ['heading', 'subtitle', 'medium heading', '标题', '二级标题', '中标题', 'bt', 'ejbt'] },
  { id: 'heading3', aliases: ['heading', 'small heading', '标题', '三级标题', '小标题', 'bt', 'sjbt'] },
  { id: 'bulletList', aliases: ['bullet list', 'unordered list', 'ul', 'list', '无序列表', '项目符号', '列表', 'wxlb'] },
  { id: 'orderedList', aliases: ['ordered list', 'numbered list', 'ol', 'list', '有序列表', '编号列表', '列表', 'yxlb'] },
  { id: 'quote', aliases: ['quote', 'blockquote', 'citation', '引用', '引文', 'yy'] },
  { id: 'codeBlock', aliases: ['code block', 'code', 'pre', 'snippet', '代码块', '代码', 'dmk'] },
  { id: 'divider', aliases: ['divider', 'horizontal rule', 'hr', 'separator', 'line', '分割线', '分隔线', '水平线', 'fgx'] },
];

/** Lower-case, trimmed, inner whitespace removed: 'Heading 1' and 'heading1' match alike. */
export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\s+/g, '');
}

/**
 * Commands matching `query`, best first: an alias or label starting with the query ranks before
 * one merely containing it; ties keep the declared order. At most `EDITOR.slashMenuMaxItems`.
 * `labels` adds the localized display names as extra aliases.
 */
export function filterSlashCommands(
  query: string,
  labels: Partial<Record<SlashCommandId, string>> = {},
  commands: readonly SlashCommand[] = SLASH_COMMANDS,
): SlashCommand[] {
  const q = normalizeQuery(query);
  const limit = EDITOR.slashMenuMaxItems;
  if (q === '') return commands.slice(0, limit);
  const ranked: { command: SlashCommand; rank: number; order: number }[] = [];
  commands.forEach((command, order) => {
    const names = [...command.aliases, command.id, labels[command.id] ?? ''].map(normalizeQuery).filter((n) => n !== '');
    let rank = Infinity;
    for (const name of names) {
      if (name.startsWith(q)) rank = Math.min(rank, 0);
      else if (name.includes(q)) rank = Math.min(rank, 1);
    }
    if (rank !== Infinity) ranked.push({ command, rank, order });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked.slice(0, limit).map((r) => r.command);
}

export type SlashKeyAction =
  | { type: 'move'; index: number }
  | { type: 'select'; index: number }
  | { type: 'close' }
  | { type: 'ignore' };

export interface SlashKey {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/**
 * What a key does with the menu open on `count` items with `index` highlighted: arrows and Tab
 * move with wrap-around (Shift+Tab moves back), Enter applies the highlighted item, 1–9 pick an
 * item directly, Escape closes. 'ignore' lets the editor handle the key (typing the query).
 */
export function slashMenuKey(event: SlashKey, index: number, count: number): SlashKeyAction {
  if (event.key === 'Escape') return { type: 'close' };
  if (event.ctrlKey || event.metaKey || event.altKey) return { type: 'ignore' };
  if (count <= 0) return { type: 'ignore' };
  const current = Math.min(Math.max(index, 0), count - 1);
  switch (event.key) {
    case 'ArrowDown':
      return { type: 'move', index: (current + 1) % count };
    case 'ArrowUp':
      return { type: 'move', index: (current - 1 + count) % count };
    case 'Tab':
      return { type: 'move', index: event.shiftKey ? (current - 1 + count) % count : (current + 1) % count };
    case 'Enter':
      return { type: 'select', index: current };
    default:
      break;
  }
  if (/^[1-9]$/.test(event.key)) {
    const picked = Number(event.key) - 1;
    if (picked < count) return { type: 'select', index: picked };
  }
  return { type: 'ignore' };
}
