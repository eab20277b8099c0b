/**
 * The rich-text editor (spec §3, §4, §9; issue 5) on TipTap 3. One component for topics, tweets,
 * articles and comments (`compact`). Output: an HTML string that already obeys the content
 * policy (common/rich-text/policy.ts), so what the author sees is what the server stores.
 *
 * This module is heavy (ProseMirror); pages load it through `LazyEditor` (./index.tsx).
 */
import { Extension } from '@tiptap/core';
import { Link } from '@tiptap/extension-link';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TextAlign } from '@tiptap/extension-text-align';
import { TextStyleKit } from '@tiptap/extension-text-style';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor as TiptapEditor } from '@tiptap/react';
import { pageNonce } from '~/lib/csp-nonce';
import { StarterKit } from '@tiptap/starter-kit';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CLASS_PATTERNS, isAllowedImageSrc, LINK_REL, LINK_TARGET } from '../../common/rich-text/policy';
import { useToast } from '../lib/toast';
import { EDITOR, IMAGE_ACCEPT } from './constants';
import { ImageInput, type ImageSource } from './extensions/image-input';
import { ResizableImage } from './extensions/resizable-image';
import { MentionMenuStore, MentionSuggestExtension } from './extensions/mention-suggest';
import { SlashCommandExtension, SlashMenuStore } from './extensions/slash-command';
import { cleanHtml } from './html-clean';
import { Icon } from './icons';
import { linkUriAllowed, resolveLinkSubmit } from './link';
import { LinkDialog, type LinkDialogState } from './LinkDialog';
import { MentionMenu } from './MentionMenu';
import { SlashMenu } from './SlashMenu';
import { SLASH_COMMAND_IDS, type SlashCommandId } from './slash-menu';
import { EditorToolbar } from './Toolbar';
import { FileReadError, ImageRefusedError, insertableImage, serverUpload, sleep, type UploadFn, type UploadResult } from './upload';
import { checkImageFile, imageTypeOf, maxMegabytes } from './upload-rules';
import './content.css';
import { useT } from '~/lib/use-t';

export interface EditorProps {
  /** HTML. Changing it from outside (e.g. clearing) replaces the document. */
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  /** Height of the editing area; default 400px (compact: 160px). Numbers are pixels. */
  height?: string | number;
  /** Comment mode: a shorter toolbar and a smaller area. */
  compact?: boolean;
  /** Character limit; the count is shown when set. */
  maxCharacters?: number;
  /** Image upload; default POST /api/upload. `dataUrlUpload` (./upload) keeps images inline. */
  upload?: UploadFn;
  /** Image size limit in bytes (spec §5: a parameter of the editor); default 5 MB, never above it. */
  maxImageBytes?: number;
  /** Most images the document may hold (spec §5: a parameter of the editor); default no limit. */
  maxImages?: number;
  /** True while at least one image upload is in flight (hosts block submit meanwhile). */
  onUploadingChange?: (busy: boolean) => void;
  /** Accessible name of the editing area; default 'Rich text editor'. */
  ariaLabel?: string;
  id?: string;
  autoFocus?: boolean;
  /**
   * Each new number asks for the caret at the end of the document (a host that put text in, such
   * as a quote), honoured as soon as the editor exists: a quote made before the editor's bundle
   * arrived, on a slow phone or a busy machine, still hands over the caret.
   */
  focusEndRequest?: number;
  disabled?: boolean;
}

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * Output '' for an empty document so "required" checks work on the host form, and no trailing
 * empty paragraphs (the editor keeps one after a heading, image or rule to type into).
 */
function outputHtml(editor: TiptapEditor): string {
  if (editor.isEmpty) return '';
  return editor.getHTML().replace(/(?:<p><\/p>)+$/, '');
}

/**
 * Link mark with the policy's rules: forced target/rel, only policy classes, only the spec §5
 * schemes (no custom ones: the server would store them as an empty href).
 */
function policyLink() {
  const classPatterns = CLASS_PATTERNS.a ?? [];
  return Link.extend({
    addAttributes() {
      return {
        ...this.parent?.(),
        target: { default: LINK_TARGET, parseHTML: () => LINK_TARGET },
        rel: { default: LINK_REL, parseHTML: () => LINK_REL },
        class: {
          default: null,
          parseHTML: (element: HTMLElement) => {
            const kept = (element.getAttribute('class') ?? '').split(/\s+/).filter((c) => c !== '' && classPatterns.some((p) => p.test(c)));
            return kept.length > 0 ? kept.join(' ') : null;
          },
        },
      };
    },
  }).configure({
    openOnClick: false,
    autolink: true,
    linkOnPaste: true,
    defaultProtocol: 'http',
    HTMLAttributes: { target: LINK_TARGET, rel: LINK_REL, class: null },
    isAllowedUri: (url) => linkUriAllowed(url),
    shouldAutoLink: (url) => linkUriAllowed(url),
  });
}

export default function Editor({
  value,
  onChange,
  placeholder,
  height,
  compact = false,
  maxCharacters,
  upload = serverUpload,
  maxImageBytes,
  maxImages,
  onUploadingChange,
  ariaLabel,
  id,
  autoFocus = false,
  focusEndRequest = 0,
  disabled = false,
}: EditorProps) {
  const t = useT();
  const toast = useToast();
  const menuId = useId();
  const mentionListId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [uploading, setUploading] = useState(0);
  /** Uploads in flight, readable synchronously (they count against `maxImages`). */
  const uploadingRef = useRef(0);
  const [linkDialog, setLinkDialog] = useState<LinkDialogState | null>(null);
  const slashStore = useMemo(() => new SlashMenuStore(), []);
  const mentionStore = useMemo(() => new MentionMenuStore(), []);
  const lastEmitted = useRef<string>(value);

  // Latest callbacks for extensions created once.
  const onChangeRef = useRef(onChange);
  const handlers = useRef<{ images: (files: File[], source: ImageSource, pos: number | null) => void; openLink: () => void }>({
    images: () => undefined,
    openLink: () => undefined,
  });
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const slashLabels = useMemo(
    () => Object.fromEntries(SLASH_COMMAND_IDS.map((cmd) => [cmd, t(`editor.slash.${cmd}`)])) as Record<SlashCommandId, string>,
    [t],
  );

  const editor = useEditor(
    {
      immediatelyRender: false,
      // Its base styles go in a <style> element, which the page's CSP admits only with the nonce.
      injectNonce: pageNonce(),
      editable: !disabled,
      autofocus: autoFocus ? 'end' : false,
      content: cleanHtml(value),
      extensions: [
        StarterKit.configure({
          link: false,
          heading: { levels: [1, 2, 3, 4, 5, 6] as HeadingLevel[] },
          undoRedo: { depth: EDITOR.undoDepth, newGroupDelay: EDITOR.undoGroupMs },
          dropcursor: { color: '#14b8a6', width: 2 },
          codeBlock: { languageClassPrefix: 'language-' },
        }),
        policyLink(),
        TaskList,
        TaskItem.configure({ nested: true }),
        TextStyleKit,
        TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'] }),
        ResizableImage.configure({
          isAllowedSrc: isAllowedImageSrc,
          labels: { resizeLeft: t('editor.image.resizeLeft'), resizeRight: t('editor.image.resizeRight') },
        }),
        // The handlers run on paste/drop/keys, never during render; `handlers` always holds the latest.
        // eslint-disable-next-line react-hooks/refs
        ImageInput.configure({ onImages: (files, source, pos) => handlers.current.images(files, source, pos) }),
        Placeholder.configure({ placeholder: placeholder ?? t('editor.placeholder') }),
        CharacterCount.configure({ limit: maxCharacters && maxCharacters > 0 ? maxCharacters : null }),
        SlashCommandExtension.configure({ store: slashStore, labels: slashLabels }),
        MentionSuggestExtension.configure({ store: mentionStore }),
        Extension.create({
          name: 'linkShortcut',
          addKeyboardShortcuts: () => ({
            'Mod-k': () => {
              handlers.current.openLink();
              return true;
            },
          }),
        }),
      ],
      editorProps: {
        attributes: {
          class: 'rich-text sabai-editor-content',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': ariaLabel ?? t('editor.label'),
          ...(id ? { id } : {}),
        },
        transformPastedHTML: (html) => cleanHtml(html),
      },
      onUpdate: ({ editor: e }) => {
        const html = outputHtml(e);
        lastEmitted.current = html;
        onChangeRef.current(html);
      },
    },
    // Rebuilt only when what the extensions capture changes.
    [maxCharacters, placeholder, slashLabels],
  );

  // Outside changes of `value` (clearing after submit, switching editors) replace the document.
  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(cleanHtml(value), { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // A host that put text in (a quote) hands the writer the caret after it: each request once,
  // when both it and the editor are there, whichever came first.
  const honouredFocusEnd = useRef(0);
  useEffect(() => {
    if (!editor || focusEndRequest === 0 || focusEndRequest === honouredFocusEnd.current) return;
    honouredFocusEnd.current = focusEndRequest;
    editor.commands.focus('end');
  }, [editor, focusEndRequest]);

  useEffect(() => {
    onUploadingChange?.(uploading > 0);
  }, [uploading, onUploadingChange]);

  const characters = useEditorState({
    editor,
    // While the editor is being re-created (a language switch rebuilds its extensions) the old
    // instance has no extension storage left: count 0 rather than crash the page.
    selector: ({ editor: e }) => (e ? ((e.storage.characterCount as { characters?: () => number } | undefined)?.characters?.() ?? 0) : 0),
  });

  // ---- images -------------------------------------------------------------------------------

  const failureText = useCallback(
    (source: ImageSource, error: unknown): string => {
      if (error instanceof ImageRefusedError) return error.message;
      if (error instanceof FileReadError) {
        return error.kind === 'base64'
          ? t('editor.alert.base64Failed')
          : t('editor.alert.readFailed', { reason: error.reason || t('editor.alert.unknownError') });
      }
      const message = error instanceof Error && error.message ? error.message : t('editor.alert.unknownError');
      if (source === 'paste') return t('editor.alert.pasteFailed', { message });
      if (source === 'drop') return t('editor.alert.dropFailed', { message });
      return t('editor.alert.uploadFailed');
    },
    [t],
  );

  const insertImages = useCallback(
    async (files: File[], source: ImageSource, dropPos: number | null) => {
      if (!editor) return;
      const byteLimit = Math.min(maxImageBytes ?? EDITOR.uploadMaxBytes, EDITOR.uploadMaxBytes);
      let accepted: File[] = [];
      for (const file of files) {
        const problem = checkImageFile(file, byteLimit);
        if (problem === 'tooLarge') toast.error(t('editor.alert.tooLarge', { max: maxMegabytes(byteLimit) }));
        else if (problem === 'unsupportedType' || problem === 'notImage')
          toast.error(t('editor.alert.unsupportedType', { type: imageTypeOf(file) || file.name }));
        else if (problem === 'empty') toast.error(failureText(source, new FileReadError('read', t('editor.alert.unknownError'))));
        else accepted.push(file);
      }
      if (maxImages !== undefined && maxImages >= 0) {
        let present = 0;
        editor.state.doc.descendants((node) => {
          if (node.type.name === 'resizableImage') present++;
        });
        const room = Math.max(0, maxImages - present - uploadingRef.current);
        if (accepted.length > room) {
          toast.error(t('editor.alert.tooManyImages', { max: maxImages }));
          accepted = accepted.slice(0, room);
        }
      }
      if (accepted.length === 0) return;

      // Where the images go: the drop point or the selection, kept in step with later edits.
      let pos = dropPos ?? editor.state.selection.from;
      const track = ({ transaction }: { transaction: { mapping: { map: (p: number) => number } } }) => {
        pos = transaction.mapping.map(pos);
      };
      editor.on('transaction', track);
      uploadingRef.current += accepted.length;
      setUploading((n) => n + accepted.length);
      // Uploads run in parallel; insertion keeps the files' order, 10 ms apart.
      const pending: Promise<UploadResult>[] = accepted.map((file) => upload(file));
      // Failures are reported in order below; don't let a later one surface as unhandled first.
      for (const p of pending) p.catch(() => undefined);
      try {
        for (let i = 0; i < pending.length; i++) {
          try {
            const image = await insertableImage(await pending[i]!, accepted[i]!);
            if (editor.isDestroyed) return;
            const at = Math.min(pos, editor.state.doc.content.size);
            // No focus(): the author may be typing elsewhere (the title) by the time it arrives.
            editor.chain().insertContentAt(at, { type: 'resizableImage', attrs: image }).run();
            pos = editor.state.selection.to;
            if (i < pending.length - 1) await sleep(EDITOR.imageInsertIntervalMs);
          } catch (error) {
            toast.error(failureText(source, error));
          } finally {
            uploadingRef.current = Math.max(0, uploadingRef.current - 1);
            setUploading((n) => Math.max(0, n - 1));
          }
        }
      } finally {
        editor.off('transaction', track);
      }
    },
    [editor, upload, toast, t, failureText, maxImageBytes, maxImages],
  );

  // ---- link dialog --------------------------------------------------------------------------

  const openLink = useCallback(() => {
    if (!editor || !editor.isEditable) return;
    const onLink = editor.isActive('link');
    if (onLink) editor.chain().extendMarkRange('link').run();
    const { from, to } = editor.state.selection;
    const href = (editor.getAttributes('link').href as string | undefined) ?? '';
    setLinkDialog({ url: href, text: editor.state.doc.textBetween(from, to, ' '), onLink });
  }, [editor]);

  useEffect(() => {
    handlers.current = {
      images: (files, source, pos) => void insertImages(files, source, pos),
      openLink,
    };
  }, [insertImages, openLink]);

  const confirmLink = (url: string, text: string): 'ok' | 'ignore' | 'unsafe' => {
    if (!editor || !linkDialog) return 'ignore';
    const { from, to } = editor.state.selection;
    const result = resolveLinkSubmit({ url, text, hasSelection: from !== to, initialText: linkDialog.text });
    if (result.kind !== 'apply') return result.kind;
    const chain = editor.chain().focus();
    if (result.text === null) {
      chain.setLink({ href: result.href }).run();
    } else {
      chain
        .insertContentAt({ from, to }, { type: 'text', text: result.text, marks: [{ type: 'link', attrs: { href: result.href } }] })
        .unsetMark('link')
        .run();
    }
    setLinkDialog(null);
    return 'ok';
  };

  const removeLink = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    setLinkDialog(null);
  };

  // ---- fullscreen ---------------------------------------------------------------------------

  const nativeFullscreen = useRef(false);
  const toggleFullscreen = useCallback(() => {
    const next = !fullscreen;
    setFullscreen(next);
    // The container covers the viewport (CSS); the document also goes fullscreen to hide the
    // browser's chrome. If the browser refuses, that is only logged (spec §8).
    try {
      if (next && document.fullscreenEnabled && !document.fullscreenElement) {
        document.documentElement
          .requestFullscreen()
          .then(() => {
            nativeFullscreen.current = true;
          })
          .catch((error: unknown) => console.error('[editor] fullscreen request failed', error));
      } else if (!next && nativeFullscreen.current && document.fullscreenElement) {
        nativeFullscreen.current = false;
        document.exitFullscreen().catch((error: unknown) => console.error('[editor] fullscreen exit failed', error));
      }
    } catch (error) {
      console.error('[editor] fullscreen failed', error);
    }
    requestAnimationFrame(() => editor?.commands.focus());
  }, [fullscreen, editor]);

  useEffect(() => {
    if (!fullscreen) return;
    // Leaving native fullscreen (Escape, F11) leaves the editor's fullscreen as well.
    const onChange = () => {
      if (!document.fullscreenElement && nativeFullscreen.current) {
        nativeFullscreen.current = false;
        setFullscreen(false);
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !linkDialog && !slashStore.getSnapshot().open && !mentionStore.getSnapshot().open) setFullscreen(false);
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('fullscreenchange', onChange);
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('fullscreenchange', onChange);
      document.removeEventListener('keydown', onKey);
    };
  }, [fullscreen, linkDialog, slashStore, mentionStore]);

  // ---- render -------------------------------------------------------------------------------

  const areaHeight = typeof height === 'number' ? `${height}px` : (height ?? (compact ? EDITOR.compactHeight : EDITOR.defaultHeight));
  const overLimit = maxCharacters !== undefined && maxCharacters > 0 && (characters ?? 0) >= maxCharacters;

  return (
    <div
      ref={containerRef}
      className={
        'sabai-editor flex flex-col overflow-hidden border border-zinc-300 bg-white text-zinc-900 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/20 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 ' +
        (fullscreen ? 'fixed inset-0 z-[60] rounded-none' : 'relative rounded-lg')
      }
      data-fullscreen={fullscreen || undefined}
      data-compact={compact || undefined}
      data-uploading={uploading > 0 || undefined}
    >
      {editor ? (
        <EditorToolbar
          editor={editor}
          compact={compact}
          fullscreen={fullscreen}
          onLink={openLink}
          onImage={() => fileInputRef.current?.click()}
          onFullscreen={toggleFullscreen}
        />
      ) : (
        <div className="h-10 border-b border-zinc-200 bg-zinc-50/80 dark:border-zinc-700 dark:bg-zinc-900/60" aria-hidden="true" />
      )}
      <div
        className={'min-h-0 overflow-y-auto ' + (fullscreen ? 'flex-1' : '')}
        style={fullscreen ? undefined : { height: areaHeight }}
        onClick={(e) => {
          // Clicking the empty space under the last line focuses the editor.
          if (e.target === e.currentTarget) editor?.commands.focus('end');
        }}
      >
        <EditorContent editor={editor} className={'h-full ' + (fullscreen ? 'mx-auto max-w-4xl' : '')} />
      </div>
      {(uploading > 0 || maxCharacters) && (
        <div className="flex items-center gap-3 border-t border-zinc-200 px-3 py-1 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
          {uploading > 0 && (
            <span role="status" className="inline-flex items-center gap-1.5" data-testid="editor-uploading">
              <Icon name="spinner" className="size-3.5 animate-spin" />
              {uploading > 1 ? t('editor.image.uploadingCount', { count: uploading }) : t('editor.image.uploading')}
            </span>
          )}
          {maxCharacters ? (
            <span className={'ml-auto tabular-nums ' + (overLimit ? 'text-red-600 dark:text-red-400' : '')} aria-live="polite" data-testid="editor-count">
              {t('editor.characters', { count: characters ?? 0, max: maxCharacters })}
            </span>
          ) : null}
        </div>
      )}
      <input
        ref={fileInputRef}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="editor-file-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length > 0) void insertImages(files, 'picker', null);
        }}
      />
      <SlashMenu store={slashStore} id={menuId} editor={editor} />
      <MentionMenu store={mentionStore} id={mentionListId} editor={editor} />
      <LinkDialog
        state={linkDialog}
        onClose={() => {
          setLinkDialog(null);
          editor?.commands.focus();
        }}
        onConfirm={confirmLink}
        onRemove={removeLink}
      />
    </div>
  );
}
