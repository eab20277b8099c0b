/** Sign-in and the account's security: sign-up, sessions, password reset, e-mail and password changes. */
import type { Feature } from '../../features';
import { accountRoutes } from './account.routes';
import { authRoutes } from './auth.routes';

export const authFeature: Feature = {
  name: 'auth',
  async api(api) {
    await api.register(authRoutes);
    await api.register(accountRoutes);
  },
};
