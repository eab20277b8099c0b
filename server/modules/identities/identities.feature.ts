/** Sign-in providers (issue 29, ADR 0035): LINE, Google, GitHub, WeChat and any OpenID Connect provider. */
import type { Feature } from '../../kernel/feature';
import { identityActionList } from './identities.actions';
import { deleteIdentitiesOf } from './identities.repository';

export const identitiesFeature: Feature = {
  name: 'identities',
  actions: identityActionList,
  setup(ctx) {
    // An erased account (issue 29): its links to providers (their e-mails, names, avatars) go with it.
    ctx.events.onWrite('user.erased', 'identities', ({ userId }, { db }) => deleteIdentitiesOf(db, userId));
  },
};
