/**
 * A member's account security (API.md "Sign-in and account"): e-mail, password, verification.
 * Reachable to a banned user. Each route is a pipeline: rate-limit → authenticate → validate →
 * service → present.
 */
import type { FastifyPluginAsync } from 'fastify';
import { setEmailSchema, setPasswordSchema, updatePasswordSchema, verifyEmailSchema } from '../../../common/validation/account';
import { requireDb } from '../../context';
import type { UserRow } from '../../db/schema';
import { ok } from '../../http/envelope';
import { errors } from '../../infra/errors';
import { siteBaseUrl } from '../../http/site-address';
import { parseInput } from '../../kernel/input';
import { clientKey } from '../../infra/rate-limiter';
import { presentCurrentUser } from '../users/users.api';
import { sendAccountMail } from './account-mail';
import { checkCurrentPassword, hasPassword, replacePassword, setEmail, setFirstPassword, verifyEmailWithCode } from './account.service';
import { limitLinkCheck } from './link-checks';
import { hashPassword } from './password';
import { accountRule } from './rate-rules';

function requireUser(user: UserRow | null): UserRow {
  if (!user) throw errors.notSignedIn();
  return user;
}

export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

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
    const verified = await limitLinkCheck(ctx, request, async () => {
      const { token } = parseInput(verifyEmailSchema, request.body);
      const now = ctx.clock.now();
      return db.transaction().execute((trx) => verifyEmailWithCode(trx, token, now));
    });
    return ok(verified);
  });
};
