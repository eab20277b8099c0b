/** Sign-in and the account's security: sign-up, sessions, password reset, e-mail and password changes. */
import type { Feature } from '../../features';
import { requireDb } from '../../context';
import { siteBaseUrl } from '../../http/site-address';
import { sendAccountMail } from './account-mail';
import { accountRoutes } from './account.routes';
import { authRoutes } from './auth.routes';

export const authFeature: Feature = {
  name: 'auth',
  async api(api) {
    await api.register(authRoutes);
    await api.register(accountRoutes);
  },
  setup(ctx) {
    // A new member with an e-mail gets its verification link at once: posting needs a verified
    // address (spec §5), and a member who must first find the resend button often never does.
    // Awaited before the answer (the account page's resend answers the same way); a failed send
    // is logged and the account stands — the banner's "resend" is the way back.
    ctx.events.onCommit('user.signedUp', 'auth', async ({ userId, nickname, email, locale }, app) => {
      if (!email) return;
      await sendAccountMail(app, requireDb(app), { kind: 'verify', user: { id: userId, email, nickname }, locale, baseUrl: siteBaseUrl(app.config) });
    });
  },
};
