/**
 * The Markdown editor: a textarea and a Preview tab rendered by the same server pipeline that
 * stores the content (POST /api/content/preview → sanitized HTML), so the preview is exactly
 * what readers will see.
 */
import { Tabs } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { contentActions } from '../../common/actions/content';
import { send } from '../lib/api';
import { EDITOR } from './constants';
import { useMarkdownMentions } from './MarkdownMentions';
import './content.css';
import { useT } from '~/lib/use-t';

export interface MarkdownEditorProps {
  value: string;
  onChange: (markdown: string) => void;
  height?: string | number;
  compact?: boolean;
  placeholder?: string;
  maxCharacters?: number;
  id?: string;
  disabled?: boolean;
}

/** The last preview answer and the Markdown it was made from (loading = none for the current text). */
type Preview = { source: string; html: string; error?: undefined } | { source: string; error: string; html?: undefined };

const TAB =
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-zinc-500 outline-none hover:text-zinc-800 focus-visible:ring-2 focus-visible:ring-brand-500 ' +
  'data-[state=active]:border-brand-600 data-[state=active]:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100 dark:data-[state=active]:border-brand-400 dark:data-[state=active]:text-zinc-50';

export default function MarkdownEditor({ value, onChange, height, compact, placeholder, maxCharacters, id, disabled }: MarkdownEditorProps) {
  const t = useT();
  const autoId = useId();
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState<Preview | null>(null);
  const areaHeight = typeof height === 'number' ? `${height}px` : (height ?? (compact ? EDITOR.compactHeight : EDITOR.defaultHeight));
  const textareaId = id ?? `${autoId}-markdown`;
  const mentions = useMarkdownMentions(value, onChange);

  const current = preview !== null && preview.source === value ? preview : null;
  const needsPreview = tab === 'preview' && value.trim() !== '' && current === null;

  useEffect(() => {
    if (!needsPreview) return;
    const controller = new AbortController();
    send(contentActions.preview, { content: value, contentType: 'markdown' }, { signal: controller.signal })
      .then((data) => setPreview({ source: value, html: data.html }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setPreview({ source: value, error: error instanceof Error ? error.message : t('editor.alert.unknownError') });
      });
    return () => controller.abort();
  }, [needsPreview, value, t]);

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(v) => setTab(v === 'preview' ? 'preview' : 'write')}
      className="overflow-hidden rounded-lg border border-zinc-300 bg-white focus-within:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950"
      data-testid="markdown-editor"
    >
      <Tabs.List aria-label={t('editor.markdown.label')} className="flex items-center border-b border-zinc-200 bg-zinc-50/80 px-1 dark:border-zinc-700 dark:bg-zinc-900/60">
        <Tabs.Trigger value="write" className={TAB}>
          {t('editor.markdown.write')}
        </Tabs.Trigger>
        <Tabs.Trigger value="preview" className={TAB}>
          {t('editor.markdown.preview')}
        </Tabs.Trigger>
        <span className="ml-auto px-2 text-xs text-zinc-400 dark:text-zinc-500">{t('editor.markdown.help')}</span>
      </Tabs.List>
      <Tabs.Content value="write" className="outline-none">
        <textarea
          id={textareaId}
          value={value}
          {...mentions.areaProps}
          onChange={(e) => {
            onChange(e.target.value);
            mentions.track(e.target);
          }}
          placeholder={placeholder ?? t('editor.markdown.placeholder')}
          aria-label={t('editor.markdown.label')}
          maxLength={maxCharacters && maxCharacters > 0 ? maxCharacters : undefined}
          disabled={disabled}
          spellCheck
          className="block w-full resize-y bg-transparent px-4 py-3 font-mono text-sm leading-6 text-zinc-900 outline-none placeholder:text-zinc-400 dark:text-zinc-100 dark:placeholder:text-zinc-500"
          style={{ height: areaHeight }}
        />
        {mentions.list}
        {maxCharacters ? (
          <div className="border-t border-zinc-200 px-3 py-1 text-right text-xs text-zinc-500 tabular-nums dark:border-zinc-800 dark:text-zinc-400">
            {t('editor.characters', { count: value.length, max: maxCharacters })}
          </div>
        ) : null}
      </Tabs.Content>
      <Tabs.Content value="preview" className="overflow-y-auto px-4 py-3 outline-none" style={{ height: areaHeight }} data-testid="markdown-preview">
        {value.trim() === '' ? (
          <p className="text-sm text-zinc-400 dark:text-zinc-500">{t('editor.markdown.previewEmpty')}</p>
        ) : current?.error !== undefined ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {t('editor.markdown.previewFailed', { message: current.error })}
          </p>
        ) : current?.html !== undefined ? (
          // Sanitized by the server's content policy (the same pipeline that stores it).
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: current.html }} />
        ) : (
          <p role="status" className="text-sm text-zinc-400 dark:text-zinc-500">
            {t('editor.markdown.previewLoading')}
          </p>
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}
