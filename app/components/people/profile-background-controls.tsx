/**
 * The owner's buttons for the profile's background picture (./profile-background.tsx shows it):
 * set or removed from the member's card. The picture goes through POST upload (type, size and
 * dimension checks, re-encoding), then POST user/update_background stores its address; the page
 * data is reloaded and the toast says 'Background set successfully' (the spec's words).
 */
import { useState } from 'react';
import { userActions } from '../../../common/actions/users';
import { useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { ImageIcon, TrashIcon } from '~/components/topic/icons';
import { PictureInput } from '~/components/profile/picture-input';
import { serverUpload } from '~/editor/upload';
import { ApiError, send } from '~/lib/api';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';

/** The owner's buttons: choose a picture (the avatar's file rules: raster images up to the upload limit), or remove it. */
export function BackgroundControls({ background }: { background: string }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function save(address: string) {
    setBusy(true);
    try {
      await send(userActions.updateBackground, { background: address });
      await revalidator.revalidate();
      toast.success(address ? t('follow.background.saved') : t('follow.background.removed'));
    } catch (error) {
      if (error instanceof ApiError && !error.isNotSignedIn) toast.error(t('follow.background.failed', { reason: error.message }));
      else handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  async function upload(file: File) {
    setBusy(true);
    try {
      const { url } = await serverUpload(file);
      await save(url);
    } catch (error) {
      if (error instanceof ApiError && !error.isNotSignedIn) toast.error(t('follow.background.failed', { reason: error.message }));
      else handleApiError(error);
      setBusy(false);
    }
  }

  return (
    <div className="mt-3 flex gap-2">
      <PictureInput onPicture={(file) => void upload(file)} testId="background-file">
        {(choose) => (
          <Button variant="secondary" size="sm" className="flex-1" loading={busy} onClick={choose} data-testid="background-change">
            <ImageIcon className="size-4" />
            {busy ? t('follow.background.uploading') : background ? t('follow.background.change') : t('follow.background.set')}
          </Button>
        )}
      </PictureInput>
      {background && (
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => void save('')} title={t('follow.background.remove')} data-testid="background-remove">
          <TrashIcon className="size-4" />
          <span className="sr-only">{t('follow.background.remove')}</span>
        </Button>
      )}
    </div>
  );
}
