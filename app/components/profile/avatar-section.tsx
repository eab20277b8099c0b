/**
 * Edit profile: the avatar. A picture chosen here is checked in the browser first (jpeg, png,
 * gif or webp, at most 5 MB: the spec's message, no upload), then sent to POST
 * user/update_avatar, which stores it as a square; the page and the header then show it.
 */
import { useState } from 'react';
import { userActions } from '../../../common/actions/users';
import { Button } from '~/components/ui/button';
import { Card, CardBody, CardHeader } from '~/components/ui/card';
import { Avatar } from '~/components/user/avatar';
import { ApiError, send } from '~/lib/api';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useToast } from '~/lib/toast';
import { useT } from '~/lib/use-t';
import { useRevalidator } from 'react-router';
import { AVATAR_MAX_MB } from './avatar-rules';
import { PictureInput } from './picture-input';

export interface AvatarOwner {
  id: number;
  nickname: string;
  avatar: string;
}

export function AvatarSection({ user }: { user: AvatarOwner }) {
  const t = useT();
  const toast = useToast();
  const handleApiError = useApiErrorHandler();
  const revalidator = useRevalidator();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    const body = new FormData();
    body.append('file', file, file.name || 'avatar');
    setUploading(true);
    try {
      await send(userActions.updateAvatar, body);
      await revalidator.revalidate();
      toast.success(t('profile.avatar.saved'));
    } catch (error) {
      if (error instanceof ApiError && !error.isNotSignedIn) toast.error(t('profile.avatar.failed', { reason: error.message }));
      else handleApiError(error);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Card>
      <CardHeader title={t('profile.avatar.title')} description={t('profile.avatar.help', { mb: AVATAR_MAX_MB })} />
      <CardBody className="flex items-center gap-5">
        <Avatar user={user} size={80} className="shrink-0" />
        <div className="space-y-2">
          <PictureInput onPicture={(file) => void upload(file)} testId="avatar-file">
            {(choose) => (
              <Button variant="secondary" loading={uploading} onClick={choose} data-testid="avatar-change">
                {uploading ? t('profile.avatar.uploading') : t('profile.avatar.change')}
              </Button>
            )}
          </PictureInput>
        </div>
      </CardBody>
    </Card>
  );
}
