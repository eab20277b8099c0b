/**
 * The API's OpenAPI 3.1 document (`GET /api/openapi.json`) as an answer: its outline, checked
 * loosely (the operations' and schemas' own shapes are OpenAPI's and JSON Schema's, checked by a
 * real OpenAPI validator in the tests), and the vendor extensions our declarations add to each
 * operation.
 */
import { z } from '../zod';

/** `x-sabai-who`: the declaration's gate and the rules of the shared table it names. */
export const whoExtensionSchema = z.strictObject({
  /** `anyone`, `member` (signed in), `writer` (signed in, not banned), `verifiedWriter`. */
  gate: z.enum(['anyone', 'member', 'writer', 'verifiedWriter']),
  /** A rule of the shared table (common/policies/can.ts) the caller must pass, or null. */
  can: z.string().nullable(),
  /** The rule judged on the item the call names (its owner, or a moderator), or null. */
  itemRule: z.string().nullable(),
  /** Whether a verified e-mail is needed: never, always, or when a site setting asks for it. */
  verifiedEmail: z.enum(['no', 'always', 'whenTheSiteAsks']),
  /** Why a banned member may still make this write, as the declaration says; null otherwise. */
  bannedMay: z.string().nullable(),
}).meta({ id: 'WhoExtension' });
export type WhoExtension = z.infer<typeof whoExtensionSchema>;

/** One rule of `x-sabai-rate-limit`: the counter's name and whose count it spends. */
export const limitRuleExtensionSchema = z.strictObject({
  name: z.string(),
  /** `ip`: the client's address; `user`: the member; `call`: a key of the call's own. */
  key: z.enum(['ip', 'user', 'call']),
}).meta({ id: 'LimitRuleExtension' });

/** `x-sabai-rate-limit`: the declared rules and when they are spent, or why there are none. */
export const limitExtensionSchema = z.union([
  z.strictObject({
    rules: z.array(limitRuleExtensionSchema),
    /** Spent before the input is read (every attempt counts) or once it is valid. */
    stage: z.enum(['beforeInput', 'afterInput']),
    staffExempt: z.boolean(),
    /** Refusals (HTTP statuses) that give the spent hits back. */
    refundOn: z.array(z.number()),
    onSuccess: z.enum(['keep', 'release', 'reset']),
    /** Spent by the site's page reads too, not only by API calls. */
    onPages: z.boolean(),
  }),
  z.strictObject({
    /** The declared reason there is no rate rule; null for a read that gives none. */
    none: z.string().nullable(),
  }),
]);
export type LimitExtension = z.infer<typeof limitExtensionSchema>;

/** The document's outline; everything inside paths and components is OpenAPI's own. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string() }),
  servers: z.array(z.looseObject({ url: z.string() })),
  tags: z.array(z.looseObject({ name: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({ schemas: z.record(z.string(), z.unknown()) }),
}).meta({ id: 'OpenApiDocument' });
