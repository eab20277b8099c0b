/**
 * Catches image files pasted into or dropped onto the editor and hands them to the host (which
 * uploads them and inserts them when each upload finishes, spec §4). Anything that is not an
 * image file takes ProseMirror's normal path.
 */
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { checkImageFile } from '../upload-rules';

export type ImageSource = 'paste' | 'drop' | 'picker';

export interface ImageInputOptions {
  /** `pos` is where a dropped file landed; pasted files go to the selection. */
  onImages: (files: File[], source: ImageSource, pos: number | null) => void;
}

/** Files that look like images (any image/* type, so the host can explain a refused one). */
function imageFiles(list: FileList | null | undefined): File[] {
  if (!list) return [];
  return Array.from(list).filter((file) => checkImageFile(file) !== 'notImage');
}

export const ImageInput = Extension.create<ImageInputOptions>({
  name: 'imageInput',

  addOptions() {
    return { onImages: () => undefined };
  },

  addProseMirrorPlugins() {
    const options = this.options;
    return [
      new Plugin({
        key: new PluginKey('imageInput'),
        props: {
          handlePaste(_view, event) {
            const data = event.clipboardData;
            const files = imageFiles(data?.files);
            if (files.length === 0) return false;
            // Text copied from an office document often comes with a rendered picture of itself:
            // keep the text then.
            if ((data?.getData('text/plain') ?? '').trim() !== '') return false;
            event.preventDefault();
            options.onImages(files, 'paste', null);
            return true;
          },
          handleDrop(view, event, _slice, moved) {
            if (moved) return false;
            const files = imageFiles(event.dataTransfer?.files);
            if (files.length === 0) return false;
            event.preventDefault();
            const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null;
            options.onImages(files, 'drop', pos);
            return true;
          },
        },
      }),
    ];
  },
});
