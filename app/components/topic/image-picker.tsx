/**
 * A tweet's pictures (≤ 9): choose files, each uploads (POST /api/upload) with a thumbnail that
 * shows its progress, and can be removed. `onUploadingChange(true)` while any upload runs, so
 * the form can refuse to submit meanwhile (spec §4, §5).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { TOPIC_LIMITS } from '../../../common/constants';
import { serverUpload } from '~/editor';
import { IMAGE_ACCEPT } from '~/editor/constants';
import { checkImageFile, imageTypeOf, maxMegabytes } from '~/editor/upload-rules';
import { Spinner } from '~/components/ui/spinner';
import { useToast } from '~/lib/toast';
import { ImageIcon, XIcon } from './icons';
import type { TopicImage } from './types';
import { useT } from '~/lib/use-t';

interface Slot {
  key: string;
  preview: string;
}

let nextKey = 0;

export function ImagePicker({
  value,
  onChange,
  onUploadingChange,
  disabled,
  describedBy,
}: {
  value: TopicImage[];
  onChange: (images: TopicImage[]) => void;
  onUploadingChange: (busy: boolean) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const t = useT();
  const toast = useToast();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Slot[]>([]);
  const count = value.length + pending.length;
  const room = TOPIC_LIMITS.imagesMax - count;

  useEffect(() => onUploadingChange(pending.length > 0), [pending.length, onUploadingChange]);
  // Object URLs of finished or removed previews are released with the component.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const set = previews.current;
    return () => set.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  // The finished uploads are appended to the latest value, whatever happened meanwhile.
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);

  async function upload(file: File, slot: Slot) {
    try {
      const result = await serverUpload(file);
      valueRef.current = [...valueRef.current, { url: result.url }];
      onChange(valueRef.current);
    } catch (error) {
      const reason = error instanceof Error && error.message ? error.message : t('editor.alert.unknownError');
      toast.error(`${t('editor.alert.uploadFailed')} (${reason})`);
    } finally {
      setPending((list) => list.filter((s) => s.key !== slot.key));
    }
  }

  function choose(files: FileList | null) {
    if (!files) return;
    const list = Array.from(files);
    if (list.length > room) toast.error(t('topicForm.imagesTooMany', { max: TOPIC_LIMITS.imagesMax }));
    for (const file of list.slice(0, Math.max(0, room))) {
      const problem = checkImageFile(file);
      if (problem === 'tooLarge') {
        toast.error(t('editor.alert.tooLarge', { max: maxMegabytes() }));
        continue;
      }
      if (problem) {
        toast.error(t('editor.alert.unsupportedType', { type: imageTypeOf(file) || file.name }));
        continue;
      }
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      const slot: Slot = { key: `up${nextKey++}`, preview };
      setPending((slots) => [...slots, slot]);
      void upload(file, slot);
    }
    if (inputRef.current) inputRef.current.value = '';
  }

  return (
    <div>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="image-picker">
        {value.map((image, index) => (
          <li key={`${index}:${image.url}`} className="group relative aspect-square overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-800">
            <img src={image.url} alt={t('topicUi.item.imageAlt', { index: index + 1, count: value.length })} className="size-full object-cover" />
            <button
              type="button"
              disabled={disabled}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
              className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-zinc-950/70 text-white hover:bg-zinc-950"
              aria-label={t('topicForm.removeImage', { index: index + 1 })}
            >
              <XIcon className="size-4" />
            </button>
          </li>
        ))}
        {pending.map((slot) => (
          <li key={slot.key} className="relative aspect-square overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
            <img src={slot.preview} alt="" className="size-full object-cover opacity-50" />
            <span className="absolute inset-0 grid place-items-center text-zinc-900 dark:text-white">
              <Spinner size="md" label={t('editor.image.uploading')} />
            </span>
          </li>
        ))}
        {room > 0 && (
          <li className="aspect-square">
            <label
              htmlFor={inputId}
              className={`hover:border-brand-500 hover:text-brand-700 dark:hover:text-brand-300 flex size-full cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-zinc-300 text-zinc-500 transition-colors dark:border-zinc-700 dark:text-zinc-400 ${
                disabled ? 'pointer-events-none opacity-60' : ''
              }`}
            >
              <ImageIcon className="size-6" />
              <span className="text-xs font-medium">{t('topicForm.addImages')}</span>
              <span className="text-[0.6875rem] tabular-nums">
                {count}/{TOPIC_LIMITS.imagesMax}
              </span>
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              disabled={disabled}
              aria-describedby={describedBy}
              className="sr-only"
              onChange={(event) => choose(event.target.files)}
              data-testid="image-file-input"
            />
          </li>
        )}
      </ul>
    </div>
  );
}
