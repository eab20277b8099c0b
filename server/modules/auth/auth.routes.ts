/**
 * Sign-up, sign-in, sign-out and password reset (API.md "Sign-in and account"). Each route is a
 * pipeline: rate-limit → validate → service → present.
 */
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { safeRedirect } from '../../../common/redirect';
import {
  resetPasswordSchema,
  sendResetPasswordEmailSchema,
  signInSchema,
  signUpSchema,
} from '../../../common/validation/account';
import { requireDb } from '../../context';
import { ok } from '../../http/envelope';
import { AppError, errors } from '../../infra/errors';
import { isSameOrigin } from '../../http/request-context';
import { runWrite } from '../../kernel/write';
import { parseInput } from '../../kernel/input';
import { clientKey } from '../../infra/rate-limiter';
import { presentCurrentUser } from '../users/users.api';
import { siteBaseUrl } from '../../http/site-address';
import { sendAccountMail, sendAttackMail } from './account-mail';
import { checkSignInPassword, findAccount, findResettableAccount, registerUser, resetPasswordWithCode, signInKey } from './auth.service';
import { checkEmailCode } from './email-codes.service';
import { limitLinkCheck } from './link-checks';
import { hashPassword } from './password';
import { accountRule } from './rate-rules';
import { guardSignIn } from './signin-guard';
import { endSession, sessionOptions, setSessionCookie } from './session';
import { issueToken } from './tokens.service';

/**
 * Login CSRF: another site must not sign a visitor in (to the attacker's account) or up. A
 * browser names a cross-site request by Origin or Sec-Fetch-Site; API clients that send
 * neither are not browsers acting for someone, and pass.
 */
function refuseCrossSite(request: FastifyRequest): void {
  if (!isSameOrigin(request)) throw errors.forbidden('errors.crossOrigin');
}

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  /** Mails sent after the answer (so its timing says nothing); awaited when the app closes. */
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });
  /** Runs `task` without holding the answer; a failure is logged as `failure`. */
  function afterAnswer(task: () => Promise<void>, log: FastifyBaseLogger, failure: string): void {
    const running = task().catch((error: unknown) => log.error({ err: error }, failure));
    pending.add(running);
    void running.finally(() => pending.delete(running));
  }

  app.post('/login/signup', async (request, reply) => {
    const db = requireDb(ctx);
    refuseCrossSite(request);
    const settings = await ctx.settings.get(db);
    await ctx.limiter.consume(accountRule(settings, 'signupPerIp'), clientKey(request.ip));
    const input = parseInput(signUpSchema, request.body);
    const passwordHash = await hashPassword(input.password);
    const now = ctx.clock.now();
    const locale = request.locale;
    const { user, issued } = await runWrite(
      ctx,
      async (scope) => {
        const user = await registerUser(scope.db, { nickname: input.nickname, email: input.email, passwordHash }, now);
        const issued = await issueToken(scope.db, user.id, sessionOptions(request, settings, now));
        // The verification mail is this fact's after-commit handler (auth.feature.ts).
        await scope.emit('user.signedUp', { userId: user.id, nickname: user.nickname, email: user.email, locale });
        return { user, issued };
      },
      { now },
    );
    setSessionCookie(request, reply, issued);
    return ok({ user: presentCurrentUser(user, { now }), token: issued.token, redirect: safeRedirect(input.redirect) });
  });

  app.post('/login/signin', async (request, reply) => {
    const db = requireDb(ctx);
    refuseCrossSite(request);
    const settings = await ctx.settings.get(db);
    // Taken before the password is checked (parallel guesses count too); a success gives the
    // IP its hit back, so the rule counts failures from one IP across accounts.
    const ipRule = accountRule(settings, 'signinPerIp');
    const ipKey = clientKey(request.ip);
    await ctx.limiter.consume(ipRule, ipKey);
    const input = parseInput(signInSchema, request.body);
    // The account is looked up first so its username and e-mail share one count; an unknown
    // name costs the same lookup and is counted under the name.
    const account = await findAccount(db, input.username);
    const attempt = { accountKey: signInKey(input.username, account), ipKey, account };
    const baseUrl = siteBaseUrl(ctx.config);
    const user = await guardSignIn(ctx, settings, attempt, () => checkSignInPassword(account, input.password), (alert) =>
      afterAnswer(() => sendAttackMail(ctx, db, { ...alert, baseUrl }), request.log, 'sign-in attack mail failed'),
    );
    await ctx.limiter.release(ipRule, ipKey);
    const now = ctx.clock.now();
    const issued = await issueToken(db, user.id, sessionOptions(request, settings, now));
    setSessionCookie(request, reply, issued);
    return ok({ user: presentCurrentUser(user, { now }), token: issued.token, redirect: safeRedirect(input.redirect) });
  });

  app.get('/login/signout', async (request, reply) => {
    const db = requireDb(ctx);
    // A GET cannot be refused by the global same-origin check; another site must not be able
    // to sign a visitor out through their cookie either.
    if (request.authVia === 'cookie' && !isSameOrigin(request)) throw errors.forbidden('errors.crossOrigin');
    await endSession(db, request, reply);
    return ok(null);
  });

  app.post('/login/send_reset_password_email', async (request) => {
    const db = requireDb(ctx);
    const settings = await ctx.settings.get(db);
    await ctx.limiter.consume(accountRule(settings, 'mailPerIp'), clientKey(request.ip));
    const { email } = parseInput(sendResetPasswordEmailSchema, request.body);
    const locale = request.locale;
    const baseUrl = siteBaseUrl(ctx.config);
    const log = request.log;
    // The answer is the same, and as fast, whether or not the account exists: the lookup and
    // the mail happen after it.
    afterAnswer(
      async () => {
        const user = await findResettableAccount(db, email);
        if (!user) return;
        try {
          await ctx.limiter.consume(accountRule(settings, 'mailPerRecipient'), email);
        } catch (error) {
          if (error instanceof AppError) return log.warn({ userId: user.id }, 'password reset mail skipped: too many for this recipient');
          throw error;
        }
        await sendAccountMail(ctx, db, { kind: 'reset', user, locale, baseUrl });
      },
      log,
      'password reset mail failed',
    );
    return ok(null);
  });

  app.post('/login/reset_password', async (request) => {
    const db = requireDb(ctx);
    await limitLinkCheck(ctx, request, async () => {
      const input = parseInput(resetPasswordSchema, request.body);
      // Refuse a bad link before spending a password hash on it; the transaction checks again.
      await checkEmailCode(db, input.token, 'reset', ctx.clock.now());
      const passwordHash = await hashPassword(input.password);
      const now = ctx.clock.now();
      await db.transaction().execute((trx) => resetPasswordWithCode(trx, input.token, passwordHash, { now, ip: request.ip }));
    });
    return ok(null);
  });
};
