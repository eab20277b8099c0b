/**
 * The signed-in user's account and public profiles (API.md "Sign-in and account"). Each route is
 * a pipeline: rate-limit → authenticate → validate → authorize → service → present. Profile
 * writes need a writer (signed in, not banned); the account's security (e-mail, password,
 * verification) stays reachable to a banned user.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  setEmailSchema,
  setPasswordSchema,
  setUsernameSchema,
  updateAvatarSchema,
  updatePasswordSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from '../../../common/validation/account';
import { requireDb, type AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { runWrite } from '../../kernel/write';
import type { UserRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { errors } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { clientKey } from '../../infra/rate-limiter';
import { createStorage } from '../../infra/storage';
import { requireWriter } from '../../policy/permissions';
import { siteBaseUrl } from '../../http/site-address';
import { sendAccountMail } from '../auth/account-mail';
import { hashPassword } from '../auth/password';
import { accountRule } from '../auth/rate-rules';
import { readImagePart } from '../uploads/upload-part';
import { storeAvatar } from '../uploads/uploads.service';
import { AVATAR_RATE, storedAvatarUrl } from './avatar';
import { presentCurrentUser, presentPublicUser } from './users.presenter';
import {
  checkCurrentPassword,
  getActiveUser,
  hasPassword,
  replacePassword,
  setEmail,
  setFirstPassword,
  setUsername,
  updateAvatar,
  updateProfile,
  verifyEmailWithCode,
} from './users.service';

function requireUser(user: UserRow | null): UserRow {
  if (!user) throw errors.notSignedIn();
  return user;
}

const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

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

  app.get('/user/current', async (request) => {
    requireDb(ctx);
    return ok(request.user ? presentCurrentUser(request.user, { now: ctx.clock.now() }) : null);
  });

  app.post('/user/update', async (request) => {
    requireDb(ctx);
    const now = ctx.clock.now();
    const user = request.user;
    requireWriter(user, now);
    const input = parseInput(updateProfileSchema, request.body);
    const updated = await changePublicProfile(ctx, user.id, (trx) => updateProfile(trx, user.id, input, now));
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
      avatar = await storeAvatar(storage, (await readImagePart(request, 'file')).buffer);
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

  app.post('/user/set_email', async (request) => {
    const db = requireDb(ctx);
    const user = requireUser(request.user);
    const { email } = parseInput(setEmailSchema, request.body);
    const now = ctx.clock.now();
    const updated = await db.transaction().execute((trx) => setEmail(trx, user, email, { now, ip: request.ip }));
    return ok(presentCurrentUser(updated, { now }));
  });

  app.post('/user/set_password', async (request) => {
    const db = requireDb(ctx);
    const user = requireUser(request.user);
    const input = parseInput(setPasswordSchema, request.body);
    if (hasPassword(user)) throw errors.forbidden('errors.account.passwordAlreadySet');
    const passwordHash = await hashPassword(input.password);
    const now = ctx.clock.now();
    const updated = await db.transaction().execute((trx) => setFirstPassword(trx, user, passwordHash, { now, ip: request.ip }));
    return ok(presentCurrentUser(updated, { now }));
  });

  app.post('/user/update_password', async (request) => {
    const db = requireDb(ctx);
    const user = requireUser(request.user);
    const settings = await ctx.settings.get(db);
    // Whoever holds a session must not be able to guess the password behind it.
    const rule = accountRule(settings, 'passwordCheckPerUser');
    await ctx.limiter.consume(rule, String(user.id));
    const input = parseInput(updatePasswordSchema, request.body);
    await checkCurrentPassword(user, input.oldPassword);
    await ctx.limiter.reset(rule, String(user.id));
    const passwordHash = await hashPassword(input.password);
    const now = ctx.clock.now();
    const updated = await db.transaction().execute((trx) => replacePassword(trx, user, passwordHash, { now, ip: request.ip, keepToken: request.token }));
    return ok(presentCurrentUser(updated, { now }));
  });

  app.post('/user/send_verify_email', async (request) => {
    const db = requireDb(ctx);
    const user = requireUser(request.user);
    const settings = await ctx.settings.get(db);
    await ctx.limiter.consume(accountRule(settings, 'mailPerIp'), clientKey(request.ip));
    if (!user.email) throw errors.badRequest('errors.account.emailNotSet');
    if (user.email_verified) throw errors.badRequest('errors.account.emailAlreadyVerified');
    // A member could point set_email at a stranger's mailbox and repeat this from many IPs:
    // the recipient (shared with reset mails) and the member are limited too.
    await ctx.limiter.consume(accountRule(settings, 'mailPerRecipient'), user.email);
    await ctx.limiter.consume(accountRule(settings, 'mailPerUser'), String(user.id));
    try {
      await sendAccountMail(ctx, db, { kind: 'verify', user, locale: request.locale, baseUrl: siteBaseUrl(ctx.config) });
    } catch (error) {
      request.log.error({ err: error, userId: user.id }, 'verification mail failed');
      throw errors.other(502, 'errors.account.sendMailFailed');
    }
    return ok(null);
  });

  app.post('/user/verify_email', async (request) => {
    const db = requireDb(ctx);
    const { token } = parseInput(verifyEmailSchema, request.body);
    const now = ctx.clock.now();
    return ok(await db.transaction().execute((trx) => verifyEmailWithCode(trx, token, now)));
  });

  // After the fixed paths above (Fastify prefers static segments anyway).
  app.get('/user/:id', async (request) => {
    const db = requireDb(ctx);
    const parsed = idParam.safeParse(request.params);
    if (!parsed.success) throw errors.notFound('errors.account.userNotFound');
    const user = await getActiveUser(db, parsed.data.id);
    return ok(presentPublicUser(user, { now: ctx.clock.now() }));
  });
};
