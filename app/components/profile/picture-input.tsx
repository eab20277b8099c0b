/**
 * A picture chosen through a hidden file input (the avatar and the profile background): the file
 * is checked in the browser first (jpeg, png, gif or webp, at most the upload limit), a bad one
 * is refused with the spec's message and no upload, and a good one is handed to `onPicture`.
 * `children` renders the visible control, given the function that opens the file chooser.
 */
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { useToast } from '~/lib/toast';
import { useT } from '~/lib/use-t';
import { AVATAR_ACCEPT, AVATAR_MAX_MB, avatarFileProblem } from './avatar-rules';

export function PictureInput({ onPicture, testId, children }: { onPicture: (file: File) => void; testId: string; children: (choose: () => void) => ReactNode }) {
  const t = useT();
  const toast = useToast();
  const id = useId();

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again fires change again
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem === 'tooLarge') return toast.error(t('upload.tooLarge', { mb: AVATAR_MAX_MB }));
    if (problem === 'empty') return toast.error(t('upload.missingFile'));
    if (problem) return toast.error(t('profile.avatar.unsupported'));
    onPicture(file);
  }

  // By id, not a ref: the chooser is handed to `children` during render, and a ref read there is
  // what React's rules forbid (it is only ever called from a click).
  function choose() {
    document.getElementById(id)?.click();
  }

  return (
    <>
      <input id={id} type="file" accept={AVATAR_ACCEPT} className="sr-only" tabIndex={-1} aria-hidden="true" onChange={onChange} data-testid={testId} />
      {children(choose)}
    </>
  );
}
