import { describe, expect, it } from 'vitest';
import { filterSlashCommands, normalizeQuery, SLASH_COMMANDS, slashMenuKey, type SlashCommand } from './slash-menu';

const ids = (list: SlashCommand[]) => list.map((c) => c.id);

describe('slash menu filtering', () => {
  it('lists every command for an empty query, in declared order', () => {
    expect(ids(filterSlashCommands(''))).toEqual([
      'heading1', 'heading2', 'heading3', 'bulletList', 'orderedList', 'quote', 'codeBlock', 'divider',
    ]);
  });

  it('matches English aliases, case and spaces ignored', () => {
    expect(ids(filterSlashCommands('Heading'))).toEqual(['heading1', 'heading2', 'heading3']);
    expect(ids(filterSlashCommands('sub'))).toEqual(['heading2']);
    expect(ids(filterSlashCommands('smallhead'))).toEqual(['heading3']);
    expect(ids(filterSlashCommands('small heading'))).toEqual(['heading3']);
    expect(ids(filterSlashCommands('bulletlist'))).toEqual(['bulletList']);
    expect(ids(filterSlashCommands('quote'))).toEqual(['quote']);
    expect(ids(filterSlashCommands('hr'))).toEqual(['divider']);
  });

  it('has only aliases that can be typed: no digits (1–9 pick an item while the menu is open)', () => {
    for (const command of SLASH_COMMANDS) {
      for (const alias of command.aliases) {
        expect(alias, command.id).not.toMatch(/\d/);
        // What a user types (spaces close the menu, so they are left out) finds the command.
        expect(ids(filterSlashCommands(alias.replace(/\s+/g, ''))), alias).toContain(command.id);
      }
    }
  });

  it('matches Chinese aliases', () => {
    expect(ids(filterSlashCommands('标题'))).toEqual(['heading1', 'heading2', 'heading3']);
    expect(ids(filterSlashCommands('引用'))).toEqual(['quote']);
    expect(ids(filterSlashCommands('有序'))).toEqual(['orderedList']);
    expect(ids(filterSlashCommands('分割线'))).toEqual(['divider']);
    expect(ids(filterSlashCommands('代码'))).toEqual(['codeBlock']);
  });

  it('ranks prefix matches before substring matches', () => {
    // 'list' starts the bullet/ordered 'list' alias; 'code' starts code block only
    expect(ids(filterSlashCommands('list'))).toEqual(['bulletList', 'orderedList']);
    expect(ids(filterSlashCommands('code'))).toEqual(['codeBlock']);
    // 'ead' is only inside 'heading …' and '… heading'
    expect(ids(filterSlashCommands('ead'))).toEqual(['heading1', 'heading2', 'heading3']);
  });

  it('matches the localized labels passed in', () => {
    expect(ids(filterSlashCommands('Überschrift', { heading1: 'Überschrift 1' }))).toEqual(['heading1']);
  });

  it('returns nothing when no command matches', () => {
    expect(filterSlashCommands('zzz')).toEqual([]);
  });

  it('returns at most 10 items', () => {
    const many: SlashCommand[] = Array.from({ length: 15 }, (_, i) => ({ id: 'quote', aliases: [`item${i}`] }));
    expect(filterSlashCommands('', {}, many)).toHaveLength(10);
    expect(filterSlashCommands('item', {}, many)).toHaveLength(10);
    expect(filterSlashCommands('item1', {}, many)).toHaveLength(6); // item1, item10..item14
  });

  it('normalizes queries', () => {
    expect(normalizeQuery('  Heading  1 ')).toBe('heading1');
    expect(SLASH_COMMANDS.every((c) => c.aliases.some((a) => /[\u4e00-\u9fff]/.test(a)))).toBe(true);
    expect(SLASH_COMMANDS.every((c) => c.aliases.some((a) => /^[a-z0-9 ]+$/.test(a)))).toBe(true);
  });
});

describe('slash menu keys', () => {
  it('moves down and up with wrap-around', () => {
    expect(slashMenuKey({ key: 'ArrowDown' }, 0, 3)).toEqual({ type: 'move', index: 1 });
    expect(slashMenuKey({ key: 'ArrowDown' }, 2, 3)).toEqual({ type: 'move', index: 0 });
    expect(slashMenuKey({ key: 'ArrowUp' }, 0, 3)).toEqual({ type: 'move', index: 2 });
    expect(slashMenuKey({ key: 'ArrowUp' }, 2, 3)).toEqual({ type: 'move', index: 1 });
  });

  it('Tab moves forward and Shift+Tab back, wrapping', () => {
    expect(slashMenuKey({ key: 'Tab' }, 2, 3)).toEqual({ type: 'move', index: 0 });
    expect(slashMenuKey({ key: 'Tab', shiftKey: true }, 0, 3)).toEqual({ type: 'move', index: 2 });
  });

  it('Enter applies the highlighted item', () => {
    expect(slashMenuKey({ key: 'Enter' }, 1, 3)).toEqual({ type: 'select', index: 1 });
    // an out-of-range highlight (list shrank while typing) is clamped
    expect(slashMenuKey({ key: 'Enter' }, 7, 3)).toEqual({ type: 'select', index: 2 });
  });

  it('digits 1–9 pick an item that exists', () => {
    expect(slashMenuKey({ key: '1' }, 2, 3)).toEqual({ type: 'select', index: 0 });
    expect(slashMenuKey({ key: '3' }, 0, 3)).toEqual({ type: 'select', index: 2 });
    expect(slashMenuKey({ key: '4' }, 0, 3)).toEqual({ type: 'ignore' });
    expect(slashMenuKey({ key: '9' }, 0, 10)).toEqual({ type: 'select', index: 8 });
    expect(slashMenuKey({ key: '0' }, 0, 10)).toEqual({ type: 'ignore' });
  });

  it('Escape closes, even with no items', () => {
    expect(slashMenuKey({ key: 'Escape' }, 0, 3)).toEqual({ type: 'close' });
    expect(slashMenuKey({ key: 'Escape' }, 0, 0)).toEqual({ type: 'close' });
  });

  it('leaves other keys, modified keys and an empty menu to the editor', () => {
    expect(slashMenuKey({ key: 'a' }, 0, 3)).toEqual({ type: 'ignore' });
    expect(slashMenuKey({ key: 'Enter' }, 0, 0)).toEqual({ type: 'ignore' });
    expect(slashMenuKey({ key: 'ArrowDown' }, 0, 0)).toEqual({ type: 'ignore' });
    expect(slashMenuKey({ key: '1', ctrlKey: true }, 0, 3)).toEqual({ type: 'ignore' });
  });
});
