/**
 * The OpenAPI document made readable for the reference page (`/developers/api`): each schema
 * becomes a type in code notation and a nested field list with its constraints; operations are
 * grouped by feature; the named views are listed once, and a field of a named view's type links
 * to it rather than repeating it (which also ends a recursion such as `CommentView.replies`).
 */
import type { ApiReferenceView, FieldConstraint, FieldView, OperationView, ShapeView } from '../../../common/views/api-reference';
import { errorCodeRows } from './error-table';
import { componentName, type JsonSchema } from './json-schema';
import { objectFields, type Operation, type OperationsPart } from './openapi';

/** The error table's own components: shown as the errorCode table, not as views. */
const ERROR_SCHEMAS = new Set(['ErrorCode', 'ApiError']);

function branchesOf(schema: JsonSchema): JsonSchema[] | null {
  const branches = schema.anyOf ?? schema.oneOf;
  return Array.isArray(branches) ? (branches as JsonSchema[]) : null;
}

function isNullSchema(schema: JsonSchema): boolean {
  return schema.type === 'null';
}

/** The one branch that is not null, for `X | null`. */
function mainBranch(schema: JsonSchema): JsonSchema {
  const branches = branchesOf(schema)?.filter((branch) => !isNullSchema(branch));
  return branches?.length === 1 ? branches[0]! : schema;
}

function literal(value: unknown): string {
  return JSON.stringify(value);
}

/** A schema's type in code notation, and the named view it refers to. */
export function typeOf(schema: JsonSchema): { type: string; ref: string | null } {
  const name = componentName(schema.$ref);
  if (name) return { type: name, ref: name };
  const branches = branchesOf(schema);
  if (branches) {
    const types = branches.map(typeOf);
    const named = types.filter((type) => type.ref !== null);
    return { type: [...new Set(types.map((type) => type.type))].join(' | '), ref: named.length === 1 ? named[0]!.ref : null };
  }
  if ('const' in schema) return { type: literal(schema.const), ref: null };
  if (Array.isArray(schema.type)) return { type: (schema.type as string[]).join(' | '), ref: null };
  if (schema.type === 'array') {
    const item = typeOf((schema.items as JsonSchema | undefined) ?? {});
    return { type: item.type.includes(' | ') ? `(${item.type})[]` : `${item.type}[]`, ref: item.ref };
  }
  if (schema.type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') {
    const value = typeOf(schema.additionalProperties as JsonSchema);
    return { type: `Record<string, ${value.type}>`, ref: value.ref };
  }
  if (typeof schema.type === 'string') return { type: schema.contentMediaType ? 'binary' : schema.type, ref: null };
  return { type: 'any', ref: null };
}

const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'format'] as const;

/** The constraints a caller must meet (or an answer keeps), in the order the page shows them. */
export function constraintsOf(schema: JsonSchema): FieldConstraint[] {
  const main = mainBranch(schema);
  const constraints: FieldConstraint[] = [];
  for (const kind of BOUNDS) {
    const value = main[kind];
    // The safe-integer ceiling zod writes on every id says nothing a reader needs.
    if (kind === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    if (value !== undefined) constraints.push({ kind, value: String(value) });
  }
  if (Array.isArray(main.enum)) constraints.push({ kind: 'oneOf', value: (main.enum as unknown[]).map(literal).join(', ') });
  const constants = branchesOf(main)?.filter((branch) => 'const' in branch);
  if (constants && constants.length > 1 && constants.length === branchesOf(main)!.length) constraints.push({ kind: 'oneOf', value: constants.map((branch) => literal(branch.const)).join(', ') });
  if (schema.default !== undefined) constraints.push({ kind: 'default', value: literal(schema.default) });
  return constraints;
}

/** The fields described in place: an object's, an array's objects', a nullable object's. Named views are linked, not expanded. */
export function fieldsOf(schema: JsonSchema): FieldView[] {
  if (componentName(schema.$ref)) return [];
  const main = mainBranch(schema);
  if (main !== schema) return fieldsOf(main);
  if (schema.type === 'array') return fieldsOf((schema.items as JsonSchema | undefined) ?? {});
  const { properties, required } = objectFields(schema);
  return Object.entries(properties).map(([name, property]) => fieldOf(name, property, required.has(name)));
}

export function fieldOf(name: string, schema: JsonSchema, required: boolean): FieldView {
  const { type, ref } = typeOf(schema);
  const description = typeof schema.description === 'string' ? schema.description : '';
  return { name, type, ref, required, constraints: constraintsOf(schema), description, fields: fieldsOf(schema) };
}

export function shapeOf(schema: JsonSchema): ShapeView {
  return { ...typeOf(schema), fields: fieldsOf(schema) };
}

/** A request body: its media types, and the fields of all of them (the file part, the JSON fields). */
function bodyOf(operation: Operation): OperationView['body'] {
  const content = operation.requestBody?.content;
  if (!content) return null;
  const fields: FieldView[] = [];
  for (const media of Object.values(content)) {
    for (const field of fieldsOf(media.schema)) if (!fields.some((known) => known.name === field.name)) fields.push(field);
  }
  return { mediaTypes: Object.keys(content), shape: { type: 'object', ref: null, fields } };
}

function answerOf(operation: Operation): OperationView['answer'] {
  const content = operation.responses['200']?.content ?? {};
  const json = content['application/json'];
  if (!json) return { media: Object.keys(content)[0] ?? null, shape: null };
  const data = (json.schema.properties as Record<string, JsonSchema> | undefined)?.data ?? {};
  return { media: null, shape: shapeOf(data) };
}

function operationView(method: 'GET' | 'POST', path: string, operation: Operation): OperationView {
  return {
    name: operation.operationId,
    method,
    path,
    summary: operation.summary,
    writes: operation['x-sabai-writes'],
    who: operation['x-sabai-who'],
    limit: operation['x-sabai-rate-limit'],
    parameters: (operation.parameters ?? []).map((parameter) => ({ in: parameter.in, field: fieldOf(parameter.name, parameter.schema, parameter.required) })),
    body: bodyOf(operation),
    answer: answerOf(operation),
    errors: Object.entries(operation.responses)
      .filter(([, response]) => response['x-sabai-error-codes'])
      .map(([status, response]) => ({ status: Number(status), codes: response['x-sabai-error-codes'] ?? [] })),
  };
}

/** What the page shows but the title, version and server (read at each call). */
export type ReferenceBody = Pick<ApiReferenceView, 'features' | 'schemas' | 'errorCodes'>;

export function referenceOf(document: OperationsPart): ReferenceBody {
  const byFeature = new Map<string, OperationView[]>(document.tags.map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation) continue;
      const view = operationView(method.toUpperCase() as 'GET' | 'POST', path, operation);
      for (const tag of operation.tags) byFeature.get(tag)?.push(view);
    }
  }
  const features = [...byFeature].filter(([, operations]) => operations.length > 0).map(([name, operations]) => ({ name, operations }));
  const schemas = Object.entries(document.schemas)
    .filter(([name]) => !ERROR_SCHEMAS.has(name))
    .map(([name, schema]) => ({ name, shape: shapeOf(schema) }));
  const errorCodes = errorCodeRows().map(({ code, name, statuses }) => ({ code, name, statuses }));
  return { features, schemas, errorCodes };
}
