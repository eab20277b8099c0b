/** Sign-in providers (issue 29, ADR 0035): LINE, Google, GitHub, WeChat and any OpenID Connect provider. */
import type { Feature } from '../../kernel/feature';
import { identityActionList } from './identities.actions';

export const identitiesFeature: Feature = {
  name: 'identities',
  actions: identityActionList,
};
