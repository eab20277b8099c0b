/**
 * The users use cases, one function per action (users.actions.ts declares who may call each, its
 * limit and its answer). A write to what every reader sees of a member (name, avatar, signature,
 * background) records one fact, `user.profileChanged`, for the pages showing them.
 */
import type { ParsedInputOf } from '../../../common/actions/contract';
import type { userActions } from '../../../common/actions/users';
import type { CurrentUser } from '../../../common/views/user';
import type { UserRow } from '../../db/schema';
import { errors } from '../../infra/errors';
import type { ReadCall, WriteCall } from '../../kernel/actions';
import { memberOf } from '../../kernel/caller';
import type { WriteScope } from '../../kernel/events';
import { siteStorage, siteUploadLimits, storeAvatar, storedImageUrl } from '../uploads/uploads.api';
import { storedAvatarUrl } from './avatar';
import { presentCurrentUser } from './users.presenter';
import { setUsername, updateAvatar, updateBackground, updateProfile } from './users.service';

type Input<K extends keyof typeof userActions> = ParsedInputOf<(typeof userActions)[K]>;

/** The member's row as changed, and the fact that their public face changed. */
async function profileChanged(scope: WriteScope, updated: UserRow): Promise<UserRow> {
  await scope.emit('user.profileChanged', { userId: updated.id });
  return updated;
}

/** GET user/current: the signed-in member's own shape, or null. */
export async function currentUser({ caller }: ReadCall<Input<'current'>, undefined>): Promise<CurrentUser | null> {
  return caller.viewer ? presentCurrentUser(caller.viewer, { now: caller.now }) : null;
}

/** Every profile write answers the member as they now see themselves. */
export async function presentChanged({ caller }: ReadCall<unknown, undefined>, updated: UserRow): Promise<CurrentUser> {
  return presentCurrentUser(updated, { now: caller.now });
}

/** POST user/update: nickname, signature, home page. */
export async function changeProfile({ scope, caller, input }: WriteCall<Input<'update'>, undefined>): Promise<UserRow> {
  return profileChanged(scope, await updateProfile(scope.db, memberOf(caller), input, caller.now));
}

/**
 * Before the transaction: the new avatar's address. A multipart `file` is read within the site's
 * upload limits (setting `uploadLimits`, avatars too) and stored as a square still WebP; else
 * `{avatar}` must name an image this site stores.
 */
export async function vouchForAvatar({ ctx, db, settings, input, upload }: ReadCall<Input<'updateAvatar'>, undefined>): Promise<string> {
  const storage = await siteStorage(ctx, db);
  if (upload?.isMultipart) {
    const limits = siteUploadLimits(settings);
    return storeAvatar(ctx.images, storage, (await upload.read(limits)).buffer, limits.size);
  }
  if (input.avatar === undefined) throw errors.validation({ avatar: 'validation.avatarRequired' });
  return storedAvatarUrl(input.avatar, storage, ctx.config);
}

/** POST user/update_avatar, with the address `vouchForAvatar` made. */
export async function changeAvatar({ ctx, scope, caller, prepared: avatar }: WriteCall<Input<'updateAvatar'>, undefined, string>): Promise<UserRow> {
  const user = memberOf(caller);
  const updated = await profileChanged(scope, await updateAvatar(scope.db, user.id, avatar, caller.now));
  ctx.log.info({ userId: user.id, avatar }, 'avatar updated');
  return updated;
}

/** POST user/set_username: once. */
export async function changeUsername({ scope, caller, input }: WriteCall<Input<'setUsername'>, undefined>): Promise<UserRow> {
  return profileChanged(scope, await setUsername(scope.db, memberOf(caller), input.username, caller.now));
}

/**
 * Before the transaction: the background's address, an image this site stored (uploaded with
 * POST upload, which applies the upload checks), or '' to remove it.
 */
export async function vouchForBackground({ ctx, db, input }: ReadCall<Input<'updateBackground'>, undefined>): Promise<string> {
  if (input.background === '') return '';
  const stored = await storedImageUrl(input.background, await siteStorage(ctx, db), ctx.config);
  if (stored === null) throw errors.validation({ background: 'follow.errors.backgroundNotOurs' });
  return stored;
}

/** POST user/update_background, with the address `vouchForBackground` vouched for. */
export async function changeBackground({ scope, caller, prepared: background }: WriteCall<Input<'updateBackground'>, undefined, string>): Promise<UserRow> {
  return profileChanged(scope, await updateBackground(scope.db, memberOf(caller).id, background, caller.now));
}
