/**
 * The editor toolbar (spec §9 order): bold, underline, italic, strikethrough, inline code,
 * headings, lists, task list, code block, blockquote, rule, link, image, alignment, text colour,
 * background colour, fullscreen. Radix Toolbar gives one tab stop with arrow-key movement; every
 * button has an accessible name and a tooltip, toggles report `aria-pressed`.
 */
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { DropdownMenu, Popover, Toolbar as RToolbar, Tooltip } from 'radix-ui';
import { forwardRef, useState, type ComponentPropsWithoutRef, type MouseEvent, type ReactNode } from 'react';
import { BACKGROUND_COLORS, TEXT_COLORS, type ColorKind } from './constants';
import { Icon, type IconName } from './icons';
import { loadRecentColors, rememberColor, sameColor } from './recent-colors';
import { useT } from '~/lib/use-t';

const ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
type Alignment = (typeof ALIGNMENTS)[number];
const ALIGN_ICON: Record<Alignment, IconName> = { left: 'alignLeft', center: 'alignCenter', right: 'alignRight', justify: 'alignJustify' };
const ALIGN_LABEL: Record<Alignment, string> = { left: 'alignLeft', center: 'alignCenter', right: 'alignRight', justify: 'alignJustify' };
const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;

export interface ToolbarProps {
  editor: Editor;
  compact: boolean;
  fullscreen: boolean;
  onLink: () => void;
  onImage: () => void;
  onFullscreen: () => void;
}

const BUTTON =
  'inline-flex h-8 min-w-8 shrink-0 items-center justify-center gap-0.5 rounded-md px-1.5 text-zinc-600 outline-none transition-colors ' +
  'hover:bg-zinc-100 hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-brand-500 disabled:pointer-events-none disabled:opacity-40 ' +
  'aria-pressed:bg-brand-50 aria-pressed:text-brand-700 data-[state=open]:bg-zinc-100 ' +
  'dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50 dark:aria-pressed:bg-brand-950 dark:aria-pressed:text-brand-300 dark:data-[state=open]:bg-zinc-800';

const MENU =
  'z-[70] min-w-40 rounded-lg border border-zinc-200 bg-white p-1 text-sm text-zinc-800 shadow-lg outline-none ' +
  'dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

const MENU_ITEM =
  'flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 outline-none select-none data-[highlighted]:bg-zinc-100 ' +
  'data-[state=checked]:font-semibold data-[state=checked]:text-brand-700 dark:data-[highlighted]:bg-zinc-800 dark:data-[state=checked]:text-brand-300';

/** A tooltip around any trigger; the trigger keeps its own accessible name. */
function Tip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="bottom"
          sideOffset={6}
          className="z-[80] rounded bg-zinc-900 px-2 py-1 text-xs text-white shadow dark:bg-zinc-100 dark:text-zinc-900"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

interface ToolButtonProps extends ComponentPropsWithoutRef<'button'> {
  label: string;
  icon: IconName;
  pressed?: boolean;
  shortcut?: string;
}

/**
 * The editor with focus back in it now, as a command chain. TipTap's own `focus()` gives focus
 * back one animation frame later when something else holds it; keys typed in that frame went
 * to the toolbar, not into the text (a loaded machine's frames are late). Focusing the view
 * first makes `focus()` a no-op: the command and the caret land at once.
 */
function focusedChain(editor: Editor) {
  editor.view.focus();
  return editor.chain().focus();
}

/** A mouse press on a tool keeps the caret where it is: the button acts, the text keeps focus. */
function keepTextFocus(event: MouseEvent<HTMLButtonElement>) {
  event.preventDefault();
}

/** A toolbar button: icon, accessible name, tooltip (with the shortcut), `aria-pressed` for toggles. */
const ToolButton = forwardRef<HTMLButtonElement, ToolButtonProps>(function ToolButton({ label, icon, pressed, shortcut, ...rest }, ref) {
  return (
    <Tip label={shortcut ? `${label} (${shortcut})` : label}>
      <RToolbar.Button ref={ref} type="button" aria-label={label} aria-pressed={pressed} className={BUTTON} onMouseDown={keepTextFocus} {...rest}>
        <Icon name={icon} />
      </RToolbar.Button>
    </Tip>
  );
});

/**
 * After a menu or popup closes: if its command put the caret back in the editor, leave it there;
 * otherwise (Escape, outside click) Radix returns focus to the trigger.
 */
function keepEditorFocus(editor: Editor) {
  return (event: Event) => {
    if (editor.isFocused) event.preventDefault();
  };
}

function Separator() {
  return <RToolbar.Separator className="mx-0.5 h-5 w-px shrink-0 bg-zinc-200 dark:bg-zinc-700" />;
}

function useMod(): string {
  // Only a label; the shortcut itself is Mod (Ctrl or ⌘) everywhere.
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';
}

export function EditorToolbar({ editor, compact, fullscreen, onLink, onImage, onFullscreen }: ToolbarProps) {
  const t = useT();
  const mod = useMod();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      underline: e.isActive('underline'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      heading: HEADING_LEVELS.find((level) => e.isActive('heading', { level })) ?? 0,
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      taskList: e.isActive('taskList'),
      codeBlock: e.isActive('codeBlock'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      align: ALIGNMENTS.find((a) => e.isActive({ textAlign: a })) ?? null,
      color: (e.getAttributes('textStyle').color as string | undefined) ?? null,
      backgroundColor: (e.getAttributes('textStyle').backgroundColor as string | undefined) ?? null,
      editable: e.isEditable,
    }),
  });
  if (!state) return null;
  const disabled = !state.editable;
  const chain = () => focusedChain(editor);

  return (
    <Tooltip.Provider delayDuration={400} skipDelayDuration={200}>
      <RToolbar.Root
        aria-label={t('editor.toolbar.label')}
        className="flex flex-wrap items-center gap-0.5 border-b border-zinc-200 bg-zinc-50/80 px-1.5 py-1 dark:border-zinc-700 dark:bg-zinc-900/60"
      >
        <ToolButton label={t('editor.toolbar.bold')} shortcut={`${mod}B`} icon="bold" pressed={state.bold} disabled={disabled} onClick={() => chain().toggleBold().run()} />
        <ToolButton label={t('editor.toolbar.underline')} shortcut={`${mod}U`} icon="underline" pressed={state.underline} disabled={disabled} onClick={() => chain().toggleUnderline().run()} />
        <ToolButton label={t('editor.toolbar.italic')} shortcut={`${mod}I`} icon="italic" pressed={state.italic} disabled={disabled} onClick={() => chain().toggleItalic().run()} />
        <ToolButton label={t('editor.toolbar.strike')} icon="strike" pressed={state.strike} disabled={disabled} onClick={() => chain().toggleStrike().run()} />
        <ToolButton label={t('editor.toolbar.code')} icon="code" pressed={state.code} disabled={disabled} onClick={() => chain().toggleCode().run()} />
        <Separator />
        {!compact && <HeadingMenu editor={editor} level={state.heading} disabled={disabled} />}
        <ToolButton label={t('editor.toolbar.bulletList')} icon="bulletList" pressed={state.bulletList} disabled={disabled} onClick={() => chain().toggleBulletList().run()} />
        <ToolButton label={t('editor.toolbar.orderedList')} icon="orderedList" pressed={state.orderedList} disabled={disabled} onClick={() => chain().toggleOrderedList().run()} />
        {!compact && (
          <ToolButton label={t('editor.toolbar.taskList')} icon="taskList" pressed={state.taskList} disabled={disabled} onClick={() => chain().toggleTaskList().run()} />
        )}
        <ToolButton label={t('editor.toolbar.codeBlock')} icon="codeBlock" pressed={state.codeBlock} disabled={disabled} onClick={() => chain().toggleCodeBlock().run()} />
        <ToolButton label={t('editor.toolbar.blockquote')} icon="blockquote" pressed={state.blockquote} disabled={disabled} onClick={() => chain().toggleBlockquote().run()} />
        {!compact && (
          <ToolButton label={t('editor.toolbar.horizontalRule')} icon="horizontalRule" disabled={disabled} onClick={() => chain().setHorizontalRule().run()} />
        )}
        <Separator />
        <ToolButton label={t('editor.toolbar.link')} shortcut={`${mod}K`} icon="link" pressed={state.link} disabled={disabled} onClick={onLink} aria-haspopup="dialog" />
        <ToolButton label={t('editor.toolbar.image')} icon="image" disabled={disabled} onClick={onImage} />
        {!compact && (
          <>
            <Separator />
            <AlignMenu editor={editor} align={state.align} disabled={disabled} />
            <ColorPopover kind="text" editor={editor} current={state.color} disabled={disabled} />
            <ColorPopover kind="background" editor={editor} current={state.backgroundColor} disabled={disabled} />
            <Separator />
            <ToolButton
              label={fullscreen ? t('editor.toolbar.exitFullscreen') : t('editor.toolbar.fullscreen')}
              icon={fullscreen ? 'exitFullscreen' : 'fullscreen'}
              pressed={fullscreen}
              onClick={onFullscreen}
            />
          </>
        )}
      </RToolbar.Root>
    </Tooltip.Provider>
  );
}

function HeadingMenu({ editor, level, disabled }: { editor: Editor; level: number; disabled: boolean }) {
  const t = useT();
  const label = t('editor.toolbar.heading');
  const value = String(level);
  return (
    <DropdownMenu.Root modal={false}>
      <Tip label={label}>
        <DropdownMenu.Trigger asChild disabled={disabled}>
          <RToolbar.Button type="button" aria-label={label} className={`${BUTTON} px-1`} data-active={level > 0 || undefined}>
            <Icon name="heading" />
            {level > 0 && <span className="-ml-0.5 text-xs font-semibold tabular-nums">{level}</span>}
            <Icon name="chevronDown" className="size-3 opacity-60" />
          </RToolbar.Button>
        </DropdownMenu.Trigger>
      </Tip>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={MENU} sideOffset={4} align="start" onCloseAutoFocus={keepEditorFocus(editor)}>
          <DropdownMenu.RadioGroup
            value={value}
            onValueChange={(v) => {
              const n = Number(v);
              if (n === 0) focusedChain(editor).setParagraph().run();
              else focusedChain(editor).setHeading({ level: n as 1 | 2 | 3 | 4 | 5 | 6 }).run();
            }}
          >
            <DropdownMenu.RadioItem value="0" className={MENU_ITEM}>
              {t('editor.toolbar.paragraph')}
            </DropdownMenu.RadioItem>
            {HEADING_LEVELS.map((n) => (
              <DropdownMenu.RadioItem key={n} value={String(n)} className={MENU_ITEM}>
                <span className="font-semibold" style={{ fontSize: `${Math.max(0.85, 1.5 - n * 0.12)}rem` }}>
                  {t('editor.toolbar.headingLevel', { level: n })}
                </span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function AlignMenu({ editor, align, disabled }: { editor: Editor; align: Alignment | null; disabled: boolean }) {
  const t = useT();
  const label = t('editor.toolbar.align');
  return (
    <DropdownMenu.Root modal={false}>
      <Tip label={label}>
        <DropdownMenu.Trigger asChild disabled={disabled}>
          <RToolbar.Button type="button" aria-label={label} className={`${BUTTON} px-1`}>
            <Icon name={ALIGN_ICON[align ?? 'left']} />
            <Icon name="chevronDown" className="size-3 opacity-60" />
          </RToolbar.Button>
        </DropdownMenu.Trigger>
      </Tip>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={MENU} sideOffset={4} align="start" onCloseAutoFocus={keepEditorFocus(editor)}>
          <DropdownMenu.RadioGroup
            value={align ?? ''}
            onValueChange={(v) => {
              if (align === v) focusedChain(editor).unsetTextAlign().run();
              else focusedChain(editor).setTextAlign(v).run();
            }}
          >
            {ALIGNMENTS.map((a) => (
              <DropdownMenu.RadioItem key={a} value={a} className={MENU_ITEM}>
                <Icon name={ALIGN_ICON[a]} />
                {t(`editor.toolbar.${ALIGN_LABEL[a]}`)}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function ColorPopover({ kind, editor, current, disabled }: { kind: ColorKind; editor: Editor; current: string | null; disabled: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [recent, setRecent] = useState<string[]>([]);
  const label = kind === 'text' ? t('editor.toolbar.textColor') : t('editor.toolbar.backgroundColor');
  const palette: readonly string[] = kind === 'text' ? TEXT_COLORS : BACKGROUND_COLORS;

  const apply = (color: string) => {
    if (kind === 'text') focusedChain(editor).setColor(color).run();
    else focusedChain(editor).setBackgroundColor(color).run();
    setRecent(rememberColor(kind, color));
    setOpen(false);
  };
  const clear = () => {
    if (kind === 'text') focusedChain(editor).unsetColor().run();
    else focusedChain(editor).unsetBackgroundColor().run();
    setOpen(false);
  };

  const swatch = (color: string, key: string) => (
    <button
      key={key}
      type="button"
      aria-label={t('editor.color.pick', { color })}
      title={color}
      aria-pressed={sameColor(current, color)}
      onClick={() => apply(color)}
      className="size-6 rounded border border-black/10 outline-none hover:scale-110 focus-visible:ring-2 focus-visible:ring-brand-500 aria-pressed:ring-2 aria-pressed:ring-brand-600 dark:border-white/15"
      style={{ backgroundColor: color }}
    />
  );

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        // Read storage on open (not during render) so server and client render alike.
        if (next) setRecent(loadRecentColors(kind));
        setOpen(next);
      }}
    >
      <Tip label={label}>
        <Popover.Trigger asChild disabled={disabled}>
          <RToolbar.Button type="button" aria-label={label} className={BUTTON} aria-haspopup="dialog" data-color-kind={kind}>
            <span className="relative inline-flex flex-col items-center">
              <Icon name={kind === 'text' ? 'textColor' : 'backgroundColor'} />
              <span
                className="mt-px h-1 w-4 rounded-sm border border-black/10 dark:border-white/20"
                style={{ backgroundColor: current ?? (kind === 'text' ? 'currentColor' : 'transparent') }}
              />
            </span>
          </RToolbar.Button>
        </Popover.Trigger>
      </Tip>
      <Popover.Portal>
        <Popover.Content
          sideOffset={6}
          align="start"
          aria-label={label}
          className={`${MENU} w-auto p-2`}
          onCloseAutoFocus={keepEditorFocus(editor)}
          data-testid={`color-popover-${kind}`}
        >
          {recent.length > 0 && (
            <div className="mb-2">
              <p className="mb-1 text-xs text-zinc-500 dark:text-zinc-400">{t('editor.color.recent')}</p>
              <div className="flex gap-1" data-testid={`recent-colors-${kind}`}>
                {recent.map((c) => swatch(c, `recent-${c}`))}
              </div>
            </div>
          )}
          <p className="mb-1 text-xs text-zinc-500 dark:text-zinc-400">{t('editor.color.palette')}</p>
          <div className="grid grid-cols-10 gap-1">{palette.map((c) => swatch(c, c))}</div>
          <button
            type="button"
            onClick={clear}
            className="mt-2 w-full rounded-md border border-zinc-200 px-2 py-1 text-xs hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            {kind === 'text' ? t('editor.color.default') : t('editor.color.none')}
          </button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
