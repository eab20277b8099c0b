/** The signed-in member's own profile (API.md "Sign-in and account"): the contracts of the users feature's actions. */
import { z } from '../zod';
import { setUsernameSchema, updateAvatarSchema, updateProfileSchema } from '../validation/account';
import { updateBackgroundSchema } from '../validation/profile-background';
import type { CurrentUser } from '../views/user';
import { contract, returns } from './contract';

export const userActions = {
  current: contract({
    name: 'user.current',
    method: 'GET',
    path: '/api/user/current',
    input: z.object({}),
    output: returns<CurrentUser | null>(),
    summary: 'The signed-in member as they see themselves (e-mail, verification, roles), or null for nobody.',
  }),
  update: contract({
    name: 'user.update',
    method: 'POST',
    path: '/api/user/update',
    input: updateProfileSchema,
    output: returns<CurrentUser>(),
    summary: 'Changes the nickname, signature or home page (each optional); a nickname may not pass for a staff member’s.',
  }),
  updateAvatar: contract({
    name: 'user.updateAvatar',
    method: 'POST',
    path: '/api/user/update_avatar',
    // A multipart `file`, or `{avatar}` (the address of an image this site stores): the field is
    // checked when sent, and required when no file is.
    input: updateAvatarSchema.partial(),
    output: returns<CurrentUser>(),
    summary: 'A new avatar: an uploaded file (made a square still WebP), or an image this site already stores.',
    upload: 'file',
  }),
  setUsername: contract({
    name: 'user.setUsername',
    method: 'POST',
    path: '/api/user/set_username',
    input: setUsernameSchema,
    output: returns<CurrentUser>(),
    summary: 'Sets the username, once: unique regardless of case, and not passing for a staff member’s.',
  }),
  updateBackground: contract({
    name: 'user.updateBackground',
    method: 'POST',
    path: '/api/user/update_background',
    input: updateBackgroundSchema,
    output: returns<CurrentUser>(),
    summary: 'The profile page’s background: an image this site stores (uploaded with POST upload), or \'\' to remove it.',
  }),
};
