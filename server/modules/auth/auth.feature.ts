/** Sign-in and the account's security: sign-up, sessions, password reset, e-mail and password changes. */
import type { Feature } from '../../features';
import { requireDb } from '../../context';
import { siteBaseUrl } from '../../http/site-address';
import { sendAccountMail } from './account-mail';
import { settleAfterAnswer } from './after-answer';
import { authActionList } from './auth.actions';

export const authFeature: Feature = {
  name: 'auth',
  actions: authActionList,
  // No routes: the app awaits the mails still being sent after their answer when it closes.
  async root(app) {
    app.addHook('onClose', async () => settleAfterAnswer(app.ctx));
  },
  setup(ctx) {
    // A new member with an e-mail gets its verification link at once: posting needs a verified
    // address (spec §5), and a member who must first find the resend button often never does.
    // Awaited before the answer (the account page's resend answers the same way); a failed send
    // is logged and the account stands — the banner's "resend" is the way back.
    ctx.events.onCommit('user.signedUp', 'auth', async ({ userId, nickname, email, locale }, app) => {
      if (!email) return;
      // mail: see the outbox (issue 26)
      await sendAccountMail(app, requireDb(app), { kind: 'verify', user: { id: userId, email, nickname }, locale, baseUrl: siteBaseUrl(app.config) });
    });
  },
};
