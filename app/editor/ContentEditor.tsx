/**
 * Rich text or Markdown (spec §2, §4): `EditorSwitch` flips between the two after a confirmation,
 * because switching clears the content; `ContentEditor` shows the switch above whichever editor
 * is active. The Markdown editor previews through the server pipeline (POST /api/content/preview).
 */
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import type { EditorProps } from './Editor';
import { LazyEditor } from './LazyEditor';
import MarkdownEditor from './MarkdownEditor';
import { useT } from '~/lib/use-t';

export type ContentType = 'html' | 'markdown';

export interface EditorSwitchProps {
  value: ContentType;
  /** Whether there is content to lose; without any, the switch needs no confirmation. */
  hasContent: boolean;
  onChange: (next: ContentType) => void;
  disabled?: boolean;
}

const SEGMENT =
  'rounded-md px-2.5 py-1 text-xs font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 ' +
  'text-zinc-600 hover:text-zinc-900 aria-checked:bg-white aria-checked:text-zinc-900 aria-checked:shadow-sm ' +
  'dark:text-zinc-400 dark:hover:text-zinc-100 dark:aria-checked:bg-zinc-700 dark:aria-checked:text-zinc-50';

export function EditorSwitch({ value, hasContent, onChange, disabled }: EditorSwitchProps) {
  const t = useT();
  const [pending, setPending] = useState<ContentType | null>(null);
  const choose = (next: ContentType) => {
    if (next === value) return;
    if (hasContent) setPending(next);
    else onChange(next);
  };
  const options: { type: ContentType; label: string }[] = [
    { type: 'html', label: t('editor.switch.richText') },
    { type: 'markdown', label: t('editor.switch.markdown') },
  ];
  return (
    <>
      <div role="radiogroup" aria-label={t('editor.switch.label')} className="inline-flex gap-0.5 rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800">
        {options.map((o) => (
          <button
            key={o.type}
            type="button"
            role="radio"
            aria-checked={value === o.type}
            disabled={disabled}
            onClick={() => choose(o.type)}
            className={SEGMENT}
          >
            {o.label}
          </button>
        ))}
      </div>
      <AlertDialog.Root open={pending !== null} onOpenChange={(open) => !open && setPending(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-[90] bg-black/30 dark:bg-black/50" />
          <AlertDialog.Content
            className="fixed top-[20%] left-1/2 z-[91] w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 rounded-xl border border-zinc-200 bg-white p-5 shadow-xl outline-none dark:border-zinc-700 dark:bg-zinc-900"
            data-testid="editor-switch-confirm"
          >
            <AlertDialog.Title className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{t('editor.switch.confirmTitle')}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">{t('editor.switch.confirmBody')}</AlertDialog.Description>
            <div className="mt-5 flex justify-end gap-2">
              <AlertDialog.Cancel className="rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 outline-none hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-zinc-300 dark:hover:bg-zinc-800">
                {t('editor.switch.cancel')}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className="rounded-md bg-red-600 px-3 py-1.5 text-sm font-medium text-white outline-none hover:bg-red-700 focus-visible:ring-2 focus-visible:ring-red-500"
                onClick={() => {
                  if (pending) onChange(pending);
                  setPending(null);
                }}
              >
                {t('editor.switch.confirm')}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}

export interface ContentEditorProps extends EditorProps {
  contentType: ContentType;
  /** Without it the switch is hidden (the content type is fixed). */
  onContentTypeChange?: (next: ContentType) => void;
}

/** The switch plus the active editor. Switching clears the content (after confirmation). */
export function ContentEditor({ contentType, onContentTypeChange, ...props }: ContentEditorProps) {
  const { value, onChange } = props;
  return (
    <div className="space-y-2" data-content-type={contentType}>
      {onContentTypeChange && (
        <div className="flex justify-end">
          <EditorSwitch
            value={contentType}
            hasContent={value.trim() !== ''}
            disabled={props.disabled}
            onChange={(next) => {
              onChange('');
              onContentTypeChange(next);
            }}
          />
        </div>
      )}
      {contentType === 'markdown' ? (
        <MarkdownEditor
          value={value}
          onChange={onChange}
          height={props.height}
          compact={props.compact}
          placeholder={props.placeholder}
          maxCharacters={props.maxCharacters}
          id={props.id}
          disabled={props.disabled}
        />
      ) : (
        <LazyEditor {...props} />
      )}
    </div>
  );
}
