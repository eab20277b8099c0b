/** Sign-in providers as the API answers them (ADR 0035). Never a client secret. */
import { z } from '../zod';
import { PROVIDER_IDS } from '../validation/identities';

/** One enabled provider, for the sign-in page's buttons. */
export const enabledProviderViewSchema = z.strictObject({ id: z.enum(PROVIDER_IDS), name: z.string() }).meta({ id: 'EnabledProviderView' });
export type EnabledProviderView = z.infer<typeof enabledProviderViewSchema>;

/** GET login/providers: the providers a visitor may sign in with. */
export const enabledProvidersViewSchema = z.strictObject({ providers: z.array(enabledProviderViewSchema) }).meta({ id: 'EnabledProvidersView' });
export type EnabledProvidersView = z.infer<typeof enabledProvidersViewSchema>;

/** One provider linked to the reader's account. */
export const linkedIdentityViewSchema = z.strictObject({
  provider: z.enum(PROVIDER_IDS),
  name: z.string(),
  /** The name the provider gave (for recognising which account it is). */
  displayName: z.string(),
  createTime: z.number(),
}).meta({ id: 'LinkedIdentityView' });
export type LinkedIdentityView = z.infer<typeof linkedIdentityViewSchema>;

/** GET user/identities: the reader's linked providers, the enabled ones to connect, whether unlinking one would leave no way in. */
export const connectionsViewSchema = z.strictObject({
  linked: z.array(linkedIdentityViewSchema),
  available: z.array(enabledProviderViewSchema),
  hasPassword: z.boolean(),
  waysIn: z.number(),
}).meta({ id: 'ConnectionsView' });
export type ConnectionsView = z.infer<typeof connectionsViewSchema>;

/** One provider as the back office sees it: its settings, whether a secret is stored (never the secret), its callback URL. */
export const adminProviderViewSchema = z.strictObject({
  provider: z.enum(PROVIDER_IDS),
  enabled: z.boolean(),
  clientId: z.string(),
  issuer: z.string(),
  apiUrl: z.string(),
  name: z.string(),
  secretSet: z.boolean(),
  callbackUrl: z.string(),
}).meta({ id: 'AdminProviderView' });
export type AdminProviderView = z.infer<typeof adminProviderViewSchema>;

export const adminProvidersViewSchema = z.strictObject({ providers: z.array(adminProviderViewSchema) }).meta({ id: 'AdminProvidersView' });
export type AdminProvidersView = z.infer<typeof adminProvidersViewSchema>;
