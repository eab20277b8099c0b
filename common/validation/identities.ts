/**
 * Sign-in providers (issue 29, ADR 0035): which providers there are, how each is configured in
 * the settings store (its client secret is kept apart, in the site secrets), and what the routes
 * take. Shared by the back office's form and the server.
 */
import { z } from '../zod';

/** The providers a site may switch on; `oidc` is any OpenID Connect provider named by its issuer. */
export const PROVIDER_IDS = ['line', 'google', 'github', 'wechat', 'oidc'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const PROVIDER_TEXT_MAX = 512;

/**
 * One provider's stored configuration. `issuer`: for LINE, Google and generic OIDC the issuer
 * URL (LINE and Google default to theirs); for GitHub and WeChat the base URL of their sign-in
 * pages. `apiUrl`: GitHub's and WeChat's API base (defaults to theirs). `name`: the button's name
 * of a generic OIDC provider.
 */
export const providerConfigSchema = z.object({
  enabled: z.boolean().default(false),
  clientId: z.string().max(PROVIDER_TEXT_MAX).default(''),
  issuer: z.string().max(PROVIDER_TEXT_MAX).default(''),
  apiUrl: z.string().max(PROVIDER_TEXT_MAX).default(''),
  name: z.string().max(64).default(''),
});
export type ProviderConfig = z.infer<typeof providerConfigSchema>;

export const signInProvidersSettingsSchema = z.object({
  line: providerConfigSchema.prefault({}),
  google: providerConfigSchema.prefault({}),
  github: providerConfigSchema.prefault({}),
  wechat: providerConfigSchema.prefault({}),
  oidc: providerConfigSchema.prefault({}),
});
export type SignInProvidersSettings = z.infer<typeof signInProvidersSettingsSchema>;

const providerField = z.enum(PROVIDER_IDS, { error: 'signInProviders.errors.unknownProvider' });

/** An address field: empty, or an absolute http(s) URL. */
const urlField = z
  .string()
  .trim()
  .max(PROVIDER_TEXT_MAX, 'signInProviders.errors.urlInvalid')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'signInProviders.errors.urlInvalid');

/** POST admin/sign-in-providers: one provider's configuration; a non-empty secret replaces the stored one. */
export const saveProviderSchema = z
  .object({
    provider: providerField,
    enabled: z.boolean(),
    clientId: z.string().trim().max(PROVIDER_TEXT_MAX, 'signInProviders.errors.clientIdTooLong'),
    clientSecret: z.string().trim().max(PROVIDER_TEXT_MAX, 'signInProviders.errors.secretTooLong').optional(),
    issuer: urlField.default(''),
    apiUrl: urlField.default(''),
    name: z.string().trim().max(64, 'signInProviders.errors.nameTooLong').default(''),
  })
  .superRefine((value, ctx) => {
    if (value.enabled && value.clientId === '') ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'signInProviders.errors.clientIdRequired' });
    if (value.enabled && value.provider === 'oidc' && value.issuer === '') ctx.addIssue({ code: 'custom', path: ['issuer'], message: 'signInProviders.errors.issuerRequired' });
  });
export type SaveProviderInput = z.input<typeof saveProviderSchema>;

/** GET login/provider/:provider/start. */
export const providerStartSchema = z.object({
  provider: providerField,
  redirect: z.string().max(2048).optional(),
});

/** GET login/provider/:provider/callback: what the provider sends back (RFC 6749 §4.1.2, RFC 9207 `iss`). */
export const providerCallbackSchema = z.object({
  provider: providerField,
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(PROVIDER_TEXT_MAX).optional(),
  error: z.string().max(256).optional(),
});

/** POST user/identities/unlink. */
export const unlinkProviderSchema = z.object({ provider: providerField });
