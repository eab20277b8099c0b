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
import { errors } from '../../infra/errors';
import { isSameOrigin } from '../../http/request-context';
import { runWrite } from '../../kernel/write';
import { parseInput } from '../../kernel/input';
import { clientKey } from '../../infra/rate-limiter';
import { presentCurrentUser } from '../users/users.presenter';
import { enqueueJob, type JobDefinition } from '../../kernel/jobs';
import { attackAlertJob, resetMailJob } from './auth.jobs';
import { checkSignInPassword, findAccount, registerUser, resetPasswordWithCode, signInKey } from './auth.service';
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
  /**
   * Mails owed without a write (a refused sign-in's alert, a reset request): each a job in a
   * short transaction of its own, committed before the answer, sent after it. A failure to
   * enqueue is logged and the answer stays what it was.
   */
  async function enqueueMail<P>(job: JobDefinition<P>, payload: P, log: FastifyBaseLogger, failure: string): Promise<void> {
    try {
      await enqueueJob(ctx, job, payload);
    } catch (error) {
      log.error({ err: error }, failure);
    }
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
        // The verification mail is a job this fact's handler enqueues here (auth.feature.ts).
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
    const user = await guardSignIn(ctx, settings, attempt, () => checkSignInPassword(account, input.password), (alert) =>
      enqueueMail(attackAlertJob, { userId: alert.user.id, failures: alert.failures, windowMs: alert.windowMs }, request.log, 'sign-in attack mail not enqueued'),
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
    // The answer is the same, and as fast, whether or not the account exists: every valid request
    // enqueues the job, which looks the account up and spends the recipient's budget (auth.jobs.ts).
    await enqueueMail(resetMailJob, { email, locale: request.locale }, request.log, 'password reset mail not enqueued');
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
