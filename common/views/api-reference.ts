/**
 * The API reference page (`/developers/api`) as its loader reads it: the OpenAPI document made
 * readable — operations grouped by feature, each field with its type and constraints, answers as
 * nested field lists, the named views once. Built on the server from the same cached document
 * `GET /api/openapi.json` serves (server/modules/api-docs/reference.ts); every text in it is the
 * API's own (names, types, English summaries), the page translates the labels around them.
 */
import { z } from '../zod';
import { limitExtensionSchema, whoExtensionSchema } from './openapi';

/** A constraint on a field's value, for the page to phrase in the reader's language. */
export const fieldConstraintSchema = z.strictObject({
  kind: z.enum(['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'format', 'oneOf', 'default', 'closed']),
  /** The bound, the pattern, the format, the allowed values or the default, as text. */
  value: z.string(),
}).meta({ id: 'FieldConstraint' });
export type FieldConstraint = z.infer<typeof fieldConstraintSchema>;

export interface FieldView {
  name: string;
  /** The type in code notation: `integer`, `string | null`, `CommentView[]`, `object`. */
  type: string;
  /** The named view the type refers to (a link to its description), or null. */
  ref: string | null;
  required: boolean;
  constraints: FieldConstraint[];
  description: string;
  /** The fields of an object (or of an array's objects) described in place. */
  fields: FieldView[];
}

export const fieldViewSchema: z.ZodType<FieldView> = z.strictObject({
  name: z.string(),
  type: z.string(),
  ref: z.string().nullable(),
  required: z.boolean(),
  constraints: z.array(fieldConstraintSchema),
  description: z.string(),
  get fields() {
    return z.array(fieldViewSchema);
  },
}).meta({ id: 'FieldView' });

/** A value as a whole (a request body, an answer, a named view): its type and fields. */
export const shapeViewSchema = z.strictObject({
  type: z.string(),
  ref: z.string().nullable(),
  fields: z.array(fieldViewSchema),
}).meta({ id: 'ShapeView' });
export type ShapeView = z.infer<typeof shapeViewSchema>;

export const operationViewSchema = z.strictObject({
  /** The action's name (`comment.create`): the document's operationId. */
  name: z.string(),
  method: z.enum(['GET', 'POST']),
  path: z.string(),
  summary: z.string(),
  writes: z.boolean(),
  who: whoExtensionSchema,
  limit: limitExtensionSchema,
  /** Path and query parameters. */
  parameters: z.array(z.strictObject({ in: z.enum(['path', 'query']), field: fieldViewSchema })),
  /** The request body: its media types and fields; null for none. */
  body: z.strictObject({ mediaTypes: z.array(z.string()), shape: shapeViewSchema }).nullable(),
  /** The answer: the envelope's `data`, or a document of its own media type. */
  answer: z.strictObject({ media: z.string().nullable(), shape: shapeViewSchema.nullable() }),
  /** The refusals it may answer with, each with its errorCodes. */
  errors: z.array(z.strictObject({ status: z.number(), codes: z.array(z.number()) })),
}).meta({ id: 'OperationView' });
export type OperationView = z.infer<typeof operationViewSchema>;

export const apiReferenceViewSchema = z.strictObject({
  title: z.string(),
  version: z.string(),
  /** The site's public origin, the base of every path. */
  server: z.string(),
  /** Where the OpenAPI document is served. */
  documentPath: z.string(),
  features: z.array(z.strictObject({ name: z.string(), operations: z.array(operationViewSchema) })),
  /** The named views the operations refer to, each described once. */
  schemas: z.array(z.strictObject({ name: z.string(), shape: shapeViewSchema })),
  /** API.md's errorCode table. */
  errorCodes: z.array(z.strictObject({ code: z.number(), name: z.string(), statuses: z.array(z.number()) })),
}).meta({ id: 'ApiReferenceView' });
export type ApiReferenceView = z.infer<typeof apiReferenceViewSchema>;
