/**
 * The signed-in user's profile and public profiles (API.md "Sign-in and account"). Each route is
 * a pipeline: rate-limit → authenticate → validate → authorize → service → present. Profile
 * writes need a writer (signed in, not banned); the account's security (e-mail, password,
 * verification) is auth's (auth/account.routes.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { setUsernameSchema, updateAvatarSchema, updateProfileSchema } from '../../../common/validation/account';
import { updateBackgroundSchema } from '../../../common/validation/profile-background';
import { requireDb, type AppContext } from '../../context';
import type { DB, UserRow } from '../../db/schema';
import { runWrite } from '../../kernel/write';
import { ok } from '../../http/envelope';
import { PERSONAL } from '../../http/response-headers';
import { errors } from '../../infra/errors';
import { parseInput } from '../../kernel/input';
import { createStorage } from '../../infra/storage';
import { requireWriter } from '../../policy/permissions';
import { readImagePart } from '../../http/upload-part';
import { siteUploadLimits, storeAvatar, storedImageUrl } from '../uploads/uploads.api';
import { AVATAR_RATE, storedAvatarUrl } from './avatar';
import { presentCurrentUser } from './users.presenter';
import { setUsername, updateAvatar, updateBackground, updateProfile } from './users.service';


/** A write to what every reader sees of a member (name, avatar, signature): one fact for the pages showing them. */
function changePublicProfile(ctx: AppContext, userId: number, work: (db: Kysely<DB>) => Promise<UserRow>): Promise<UserRow> {
  return runWrite(ctx, async (scope) => {
    const updated = await work(scope.db);
    await scope.emit('user.profileChanged', { userId });
    return updated;
  });
}

export const usersRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.get('/user/current', async (request, reply) => {
    requireDb(ctx);
    // The e-mail and roles, or null: which one depends on the cookie. Never stored anywhere.
    reply.header('cache-control', PERSONAL);
    return ok(request.user ? presentCurrentUser(request.user, { now: ctx.clock.now() }) : null);
  });

  app.post('/user/update', async (request) => {
    requireDb(ctx);
    const now = ctx.clock.now();
    const user = request.user;
    requireWriter(user, now);
    const input = parseInput(updateProfileSchema, request.body);
    const updated = await changePublicProfile(ctx, user.id, (trx) => updateProfile(trx, user, input, now));
    return ok(presentCurrentUser(updated, { now }));
  });

  const storage = createStorage(ctx.config);

  /** A multipart `file` (made a square still WebP), or `{avatar}`: an image this site stores. */
  app.post('/user/update_avatar', async (request) => {
    requireDb(ctx);
    const now = ctx.clock.now();
    const user = request.user;
    requireWriter(user, now);
    await ctx.limiter.consume(AVATAR_RATE, String(user.id));
    let avatar: string;
    if (request.isMultipart()) {
      // The site's upload limits (setting `uploadLimits`) apply to avatars too.
      const limits = siteUploadLimits(await ctx.settings.get(requireDb(ctx)));
      avatar = await storeAvatar(ctx.images, storage, (await readImagePart(request, 'file', limits)).buffer, limits.size);
    } else {
      avatar = await storedAvatarUrl(parseInput(updateAvatarSchema, request.body).avatar, storage, ctx.config);
    }
    const updated = await changePublicProfile(ctx, user.id, (trx) => updateAvatar(trx, user.id, avatar, now));
    request.log.info({ userId: user.id, avatar }, 'avatar updated');
    return ok(presentCurrentUser(updated, { now }));
  });

  app.post('/user/set_username', async (request) => {
    requireDb(ctx);
    const now = ctx.clock.now();
    const user = request.user;
    requireWriter(user, now);
    const { username } = parseInput(setUsernameSchema, request.body);
    const updated = await changePublicProfile(ctx, user.id, (trx) => setUsername(trx, user, username, now));
    return ok(presentCurrentUser(updated, { now }));
  });
  /**
   * The profile page's background: `{background}` an image this site stored (uploaded with POST
   * upload, which applies the upload checks), or '' to remove it. Shares the avatar's allowance.
   */
  app.post('/user/update_background', async (request) => {
    requireDb(ctx);
    const now = ctx.clock.now();
    const user = request.user;
    requireWriter(user, now);
    const { background } = parseInput(updateBackgroundSchema, request.body);
    await ctx.limiter.consume(AVATAR_RATE, String(user.id));
    const stored = background === '' ? '' : await storedImageUrl(background, storage, ctx.config);
    if (stored === null) throw errors.validation({ background: 'follow.errors.backgroundNotOurs' });
    const updated = await changePublicProfile(ctx, user.id, (trx) => updateBackground(trx, user.id, stored, now));
    return ok(presentCurrentUser(updated, { now }));
  });

  // GET user/{id}, with the viewer's follow state, is the follows feature's (follows.routes.ts).
};
