/**
 * The article's cover field: pick a picture, crop it to 16:9 in the browser (./cover-cropper.tsx),
 * and the cropped cover uploads through the existing upload (POST /api/upload, with its checks
 * and messages); then a preview with replace and remove. `onUploadingChange(true)` while it
 * uploads, so the form refuses to submit meanwhile.
 */
import { useEffect, useRef, useState } from 'react';
import { serverUpload } from '~/editor';
import { EDITOR, IMAGE_ACCEPT } from '~/editor/constants';
import { checkImageFile, imageTypeOf, maxMegabytes } from '~/editor/upload-rules';
import { ImageIcon, TrashIcon } from '~/components/topic/icons';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { useToast } from '~/lib/toast';
import { useT } from '~/lib/use-t';
import { CoverCropper } from './cover-cropper';
import { loadImageFile, type LoadedImage } from './cover-render';
import type { ArticleCover } from './types';

/**
 * The picture chosen may be larger than an upload: only the cropped cover (1200 × 675, a few
 * hundred KB) is uploaded. Past this, decoding a photo costs the browser too much.
 */
const SOURCE_MAX_BYTES = 25 * 1024 * 1024;

/** Why a file cannot be a cover, in the reader's words; null when it can. */
function useFileProblem() {
  const t = useT();
  return (file: File, maxBytes: number): string | null => {
    const problem = checkImageFile(file, maxBytes);
    if (problem === 'tooLarge') return t('articleEdit.cover.tooLarge', { max: maxMegabytes(maxBytes) });
    if (problem) return t('editor.alert.unsupportedType', { type: imageTypeOf(file) || file.name });
    return null;
  };
}

/** Object URLs this field made, released when it goes. */
function useObjectUrls() {
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const set = urls.current;
    return () => set.forEach((url) => URL.revokeObjectURL(url));
  }, []);
  return {
    keep: (url: string) => void urls.current.add(url),
    drop: (url: string) => {
      URL.revokeObjectURL(url);
      urls.current.delete(url);
    },
  };
}

export interface CoverPickerProps {
  value: ArticleCover | null;
  onChange: (cover: ArticleCover | null) => void;
  onUploadingChange: (busy: boolean) => void;
  disabled?: boolean;
  /** The field's caption (its id), which names the buttons' group. */
  labelledBy: string;
}

export function CoverPicker({ value, onChange, onUploadingChange, disabled, labelledBy }: CoverPickerProps) {
  const t = useT();
  const toast = useToast();
  const fileProblem = useFileProblem();
  const objectUrls = useObjectUrls();
  const inputRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<LoadedImage | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);

  useEffect(() => onUploadingChange(uploading !== null), [uploading, onUploadingChange]);

  async function choose(file: File | undefined) {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const problem = fileProblem(file, SOURCE_MAX_BYTES);
    if (problem) return toast.error(problem);
    try {
      const image = await loadImageFile(file);
      objectUrls.keep(image.url);
      setPicked(image);
    } catch {
      toast.error(t('articleEdit.cover.unreadable'));
    }
  }

  function closeCropper() {
    if (picked) objectUrls.drop(picked.url);
    setPicked(null);
  }

  async function upload(file: File) {
    closeCropper();
    // The upload's own checks (type, 5 MB), as for any picture of the editor.
    const problem = fileProblem(file, EDITOR.uploadMaxBytes);
    if (problem) return toast.error(problem);
    const preview = URL.createObjectURL(file);
    objectUrls.keep(preview);
    setUploading(preview);
    try {
      const result = await serverUpload(file);
      onChange({ url: result.url });
    } catch (error) {
      const reason = error instanceof Error && error.message ? error.message : t('editor.alert.unknownError');
      toast.error(`${t('editor.alert.uploadFailed')} (${reason})`);
    } finally {
      setUploading(null);
      objectUrls.drop(preview);
    }
  }

  const shown = uploading ?? value?.url ?? null;
  return (
    <div role="group" aria-labelledby={labelledBy} data-testid="cover-picker">
      {shown ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="relative aspect-video w-full overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 sm:max-w-md dark:border-zinc-800 dark:bg-zinc-800">
            <img src={shown} alt={t('articleEdit.cover.alt')} className={`size-full object-cover ${uploading ? 'opacity-60' : ''}`} data-testid="cover-preview" data-uploaded={uploading ? undefined : ''} />
            {uploading && (
              <span className="absolute inset-0 grid place-items-center bg-white/30 text-zinc-900 dark:bg-black/30 dark:text-white">
                <Spinner size="md" label={t('articleEdit.cover.uploading')} />
              </span>
            )}
          </div>
          <div className="flex gap-2 sm:flex-col sm:items-start">
            <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()} disabled={disabled || uploading !== null} data-testid="cover-replace">
              <ImageIcon className="size-4" />
              {t('articleEdit.cover.replace')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={disabled || uploading !== null} data-testid="cover-remove" className="text-red-700 dark:text-red-400">
              <TrashIcon className="size-4" />
              {t('articleEdit.cover.remove')}
            </Button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => inputRef.current?.click()}
          disabled={disabled}
          className="hover:border-brand-500 hover:text-brand-800 dark:hover:text-brand-300 flex h-40 w-full flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-zinc-300 text-zinc-600 transition-colors disabled:opacity-60 dark:border-zinc-700 dark:text-zinc-400"
          data-testid="cover-add"
        >
          <span aria-hidden="true" className="bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300 mb-1 grid size-11 place-items-center rounded-full">
            <ImageIcon className="size-6" />
          </span>
          <span className="text-sm font-medium">
            {t('articleEdit.cover.add')}
            <span className="mt-0.5 block text-xs font-normal text-zinc-500 dark:text-zinc-400">{t('articleEdit.cover.addHint')}</span>
          </span>
        </button>
      )}
      {/* Opened by the buttons above; hidden, so it is one control less to tab through. */}
      <input ref={inputRef} type="file" accept={IMAGE_ACCEPT} hidden onChange={(event) => void choose(event.target.files?.[0])} data-testid="cover-file-input" />
      {picked && <CoverCropper key={picked.url} image={picked} onCancel={closeCropper} onApply={(file) => void upload(file)} />}
    </div>
  );
}
