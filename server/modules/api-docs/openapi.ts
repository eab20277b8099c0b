/**
 * The OpenAPI 3.1 document, made from the declared actions (ADR 0021): one operation per action
 * with a route, named by the action, tagged with its feature. Everything in it is read from the
 * declarations — the contract's method, path, input and summary; the declaration's gate and
 * rules, its limit, whether it writes, and its answer's schema — so the document cannot drift
 * from what the server does. What the declarations know beyond OpenAPI's vocabulary travels as
 * vendor extensions: `x-sabai-who`, `x-sabai-rate-limit`, `x-sabai-writes`.
 *
 * The operations depend only on the code, so they are built once per app (`operationsOf`); the
 * title and the server's address come from the settings and the configuration at each call.
 */
import { z } from 'zod';
import { pathParams, type AnyContract } from '../../../common/actions/contract';
import type { LimitExtension, WhoExtension } from '../../../common/views/openapi';
import type { AnyAction, Limit, LimitRule, SiteSettings, Unlimited } from '../../kernel/actions';
import type { RegisteredAction } from '../../kernel/action-registry';
import { errorComponents } from './error-table';
import { convertSchema, COMPONENT_REF, type JsonSchema, type NameRegistry } from './json-schema';

export const OPENAPI_VERSION = '3.1.0';
export const OPENAPI_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

type HttpMethod = 'get' | 'post';

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface MediaObject {
  schema: JsonSchema;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaObject>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  /** The errorCodes this refusal comes with (the table is `components/schemas/ErrorCode`). */
  'x-sabai-error-codes'?: number[];
}

export interface RequestBody {
  required: boolean;
  content: Record<string, MediaObject>;
}

export interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses: Record<string, ResponseObject>;
  security: Array<Record<string, string[]>>;
  'x-sabai-who': WhoExtension;
  'x-sabai-rate-limit': LimitExtension;
  'x-sabai-writes': boolean;
}

/** What is built once per app: everything but the title and the server. */
export interface OperationsPart {
  tags: Array<{ name: string }>;
  paths: Record<string, Partial<Record<HttpMethod, Operation>>>;
  schemas: Record<string, JsonSchema>;
}

// A type, not an interface: the contract's answer type (common/views/openapi.ts) is an open record.
export type OpenApiDocument = {
  openapi: typeof OPENAPI_VERSION;
  jsonSchemaDialect: typeof OPENAPI_DIALECT;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string }>;
  paths: OperationsPart['paths'];
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: 'apiKey'; in: 'header' | 'cookie'; name: string; description: string }>;
  };
};

// ---------------------------------------------------------------------------------------------
// Paths

/** Express-style `/api/topic/edit/:id` (and a trailing `/*`) → OpenAPI's `/api/topic/edit/{id}` (`{path}`). */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\/\*$/, '/{path}');
}

/** The path's parameters under the names the input knows (a wildcard is `path`, as the HTTP binding names it). */
export function pathParameterNames(path: string): string[] {
  return [...pathParams(path), ...(path.endsWith('/*') ? ['path'] : [])];
}

// ---------------------------------------------------------------------------------------------
// Input: parameters and the request body

/** The top-level fields of an input's JSON Schema: an object's, or every branch's of a union. */
export function objectFields(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: Set<string> } {
  const properties: Record<string, JsonSchema> = { ...((schema.properties as Record<string, JsonSchema> | undefined) ?? {}) };
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    // A field is required only if every branch requires it.
    const parts = branches.map(objectFields);
    for (const part of parts) Object.assign(properties, part.properties);
    const common = Object.keys(properties).filter((name) => parts.every((part) => part.required.has(name)));
    for (const name of common) required.add(name);
  }
  for (const part of ((schema.allOf as JsonSchema[] | undefined) ?? []).map(objectFields)) {
    Object.assign(properties, part.properties);
    for (const name of part.required) required.add(name);
  }
  return { properties, required };
}

/** The input's schema without the fields the path carries (a POST's body), branches included. */
export function withoutFields(schema: JsonSchema, names: readonly string[]): JsonSchema {
  if (names.length === 0) return schema;
  const copy: JsonSchema = { ...schema };
  if (copy.properties) copy.properties = Object.fromEntries(Object.entries(copy.properties as Record<string, JsonSchema>).filter(([name]) => !names.includes(name)));
  if (Array.isArray(copy.required)) copy.required = (copy.required as string[]).filter((name) => !names.includes(name));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(copy[key])) copy[key] = (copy[key] as JsonSchema[]).map((branch) => withoutFields(branch, names));
  }
  return copy;
}

/** Path parameters, and for a GET every other top-level field as a query parameter. */
export function parametersOf(method: 'GET' | 'POST', input: JsonSchema, pathNames: readonly string[]): Parameter[] {
  const { properties, required } = objectFields(input);
  const inPath: Parameter[] = pathNames.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } }));
  if (method !== 'GET') return inPath;
  const inQuery: Parameter[] = Object.entries(properties)
    .filter(([name]) => !pathNames.includes(name))
    .map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
  return [...inPath, ...inQuery];
}

/** Whether a body schema has anything to send. */
function hasFields(schema: JsonSchema): boolean {
  const { properties } = objectFields(schema);
  return Object.keys(properties).length > 0 || (schema.type !== 'object' && schema.type !== undefined);
}

/** A POST's body: its JSON fields, and a multipart form with the file part when the contract takes an upload. */
export function requestBodyOf(contract: AnyContract, input: JsonSchema, pathNames: readonly string[]): RequestBody | undefined {
  if (contract.method !== 'POST') return undefined;
  const body = withoutFields(input, pathNames);
  const content: Record<string, MediaObject> = {};
  if (contract.upload) {
    const file = { type: 'string', contentMediaType: 'application/octet-stream', format: 'binary', description: 'The file, as one multipart part.' };
    content['multipart/form-data'] = { schema: { type: 'object', properties: { [contract.upload]: file }, required: [contract.upload] } };
  }
  if (hasFields(body)) content['application/json'] = { schema: body };
  if (Object.keys(content).length === 0) return undefined;
  // A body with a required field, or an upload, must be sent.
  const required = Boolean(contract.upload) || objectFields(body).required.size > 0;
  return { required, content };
}

// ---------------------------------------------------------------------------------------------
// Who, limits, writes

function verifiedEmailOf(action: AnyAction): WhoExtension['verifiedEmail'] {
  if (action.who.gate === 'verifiedWriter') return 'always';
  return action.who.verifiedWhen ? 'whenTheSiteAsks' : 'no';
}

export function whoExtension(action: AnyAction): WhoExtension {
  return {
    gate: action.who.gate,
    can: action.who.can ?? null,
    itemRule: action.target?.can?.[0] ?? null,
    verifiedEmail: verifiedEmailOf(action),
    bannedMay: action.who.bannedMay ?? null,
  };
}

function ruleName(rule: LimitRule['rule'], settings: SiteSettings): string {
  // A rule made from the settings: its numbers change with them, its name does not.
  return typeof rule === 'function' ? rule(settings).name : rule.name;
}

export function limitExtension(limit: Limit | Unlimited | undefined, settings: SiteSettings): LimitExtension {
  if (!limit) return { none: null };
  if ('none' in limit) return { none: limit.none };
  return {
    rules: limit.rules.map((entry) => ({ name: ruleName(entry.rule, settings), key: typeof entry.key === 'function' ? 'call' : entry.key })),
    stage: limit.stage,
    staffExempt: limit.staffExempt,
    refundOn: [...limit.refundOn],
    onSuccess: limit.onSuccess,
    onPages: limit.onPages,
  };
}

/** Either credential; for `anyone`, none at all too (a signed-in reader gets their own state). */
export function securityOf(action: AnyAction): Array<Record<string, string[]>> {
  const credentials: Array<Record<string, string[]>> = [{ userToken: [] }, { sessionCookie: [] }];
  return action.who.gate === 'anyone' && !action.who.can ? [{}, ...credentials] : credentials;
}

// ---------------------------------------------------------------------------------------------
// Responses

const ERROR_CONTENT = { 'application/json': { schema: { $ref: `${COMPONENT_REF}ApiError` } } };

const REFUSALS: Record<number, string> = {
  400: 'A field is invalid (errorCode 5, `fields` names each).',
  401: 'Not signed in (errorCode 1).',
  403: 'Refused',
  404: 'Not found (errorCode 6).',
  409: 'Conflicts with the current state (errorCode 9).',
  413: 'The upload is too large (errorCode 10).',
  415: 'The upload is not of an accepted type (errorCode 10).',
  429: 'Too many requests (errorCode 7); retry after `Retry-After` seconds.',
};

/** 403's errorCodes, from what the declaration checks: a ban, a verified e-mail, a rule of the shared table, a guard. */
function forbiddenCodes(action: AnyAction): number[] {
  const codes = new Set<number>();
  const { gate } = action.who;
  if (gate === 'writer' || gate === 'verifiedWriter') codes.add(3);
  if (verifiedEmailOf(action) !== 'no') codes.add(4);
  if (action.who.can || action.target?.can || (action.guards?.length ?? 0) > 0) codes.add(2);
  return [...codes].sort();
}

/** The refusals a declaration makes possible, by status, each with its errorCodes. */
export function refusalsOf(action: AnyAction, input: JsonSchema): Map<number, number[]> {
  const { contract } = action;
  const pathNames = contract.path ? pathParameterNames(contract.path) : [];
  const refusals = new Map<number, number[]>();
  // A bad path parameter is 404 (it names nothing), so only the other fields make a 400.
  const fields = Object.keys(objectFields(input).properties).filter((name) => !pathNames.includes(name));
  if (fields.length > 0 || contract.upload) refusals.set(400, [5]);
  if (action.who.gate !== 'anyone' || action.who.can) refusals.set(401, [1]);
  const forbidden = forbiddenCodes(action);
  if (forbidden.length > 0) refusals.set(403, forbidden);
  if (pathNames.length > 0 || contract.notFound || action.target) refusals.set(404, [6]);
  if (contract.upload) {
    refusals.set(413, [10]);
    refusals.set(415, [10]);
  }
  if (action.limit && !('none' in action.limit)) refusals.set(429, [7]);
  return refusals;
}

function refusalResponse(status: number, codes: number[]): ResponseObject {
  const description = status === 403 ? `Refused (errorCode ${codes.join(', ')}).` : (REFUSALS[status] ?? 'Refused.');
  const response: ResponseObject = { description, content: ERROR_CONTENT, 'x-sabai-error-codes': codes };
  if (status === 429) response.headers = { 'Retry-After': { description: 'Seconds until the count resets.', schema: { type: 'integer' } } };
  return response;
}

/** The schema of a document answered as it is: an object for JSON, text for text, XML and event streams, bytes otherwise. */
export function mediaSchema(media: string): JsonSchema {
  if (/[+/]json$/.test(media)) return { type: 'object' };
  if (/^text\/|[+/]xml$/.test(media)) return { type: 'string' };
  return { type: 'string', contentMediaType: media };
}

function successResponse(action: AnyAction, answer: JsonSchema | null): ResponseObject {
  if ('media' in action.answer) {
    const media = action.answer.media;
    const description = action.answer.stream ? `A live stream (${media}).` : `A ${media} document.`;
    return { description, content: { [media]: { schema: mediaSchema(media) } } };
  }
  const envelope: JsonSchema = { type: 'object', properties: { success: { const: true }, data: answer ?? {} }, required: ['success', 'data'] };
  return { description: 'The success envelope; `data` is the answer.', content: { 'application/json': { schema: envelope } } };
}

function responsesOf(action: AnyAction, input: JsonSchema, answer: JsonSchema | null): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = { 200: successResponse(action, answer) };
  for (const [status, codes] of refusalsOf(action, input)) responses[status] = refusalResponse(status, codes);
  responses.default = {
    description: 'Any other refusal (404, 409, 413, 428 before install…) or a server error: the error envelope.',
    content: ERROR_CONTENT,
  };
  return responses;
}

// ---------------------------------------------------------------------------------------------
// Operations

/** Inputs are described inline (the fields a caller sends); only the answers' views are named. */
const NO_NAMES: NameRegistry = z.registry<{ id: string }>();

export interface OperationBuild {
  operation: Operation;
  /** The components the operation's schemas refer to. */
  schemas: Record<string, JsonSchema>;
}

/** One action's operation; a schema the generator cannot describe names its action (the tests build every one). */
export function operationOf(registered: RegisteredAction, names: NameRegistry, settings: SiteSettings): OperationBuild {
  try {
    return buildOperation(registered, names, settings);
  } catch (error) {
    throw new Error(`the OpenAPI document cannot describe ${registered.action.contract.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function buildOperation({ feature, action }: RegisteredAction, names: NameRegistry, settings: SiteSettings): OperationBuild {
  const { contract } = action;
  if (!contract.method || !contract.path) throw new Error(`${contract.name} has no route`);
  const schemas: Record<string, JsonSchema> = {};
  const input = convertSchema(contract.input, { io: 'input', names: NO_NAMES, prefix: `${contract.name}.input` });
  Object.assign(schemas, input.defs);
  let answer: JsonSchema | null = null;
  if (!('media' in action.answer)) {
    const converted = convertSchema(action.answer as z.ZodType, { io: 'output', names, prefix: contract.name });
    Object.assign(schemas, converted.defs);
    answer = converted.schema;
  }
  const pathNames = pathParameterNames(contract.path);
  const parameters = parametersOf(contract.method, input.schema, pathNames);
  const requestBody = requestBodyOf(contract, input.schema, pathNames);
  const operation: Operation = {
    operationId: contract.name,
    summary: contract.summary,
    tags: [feature],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(action, input.schema, answer),
    security: securityOf(action),
    'x-sabai-who': whoExtension(action),
    'x-sabai-rate-limit': limitExtension(action.limit, settings),
    'x-sabai-writes': action.write,
  };
  return { operation, schemas };
}

/** Every routed action's operation, their tags (the features, in declaration order) and the components. */
export function operationsOf(actions: readonly RegisteredAction[], names: NameRegistry, settings: SiteSettings): OperationsPart {
  const part: OperationsPart = { tags: [], paths: {}, schemas: errorComponents() };
  for (const registered of actions) {
    const { method, path } = registered.action.contract;
    if (!method || !path) continue;
    const { operation, schemas } = operationOf(registered, names, settings);
    Object.assign(part.schemas, schemas);
    const item = (part.paths[openApiPath(path)] ??= {});
    item[method.toLowerCase() as HttpMethod] = operation;
    if (!part.tags.some((tag) => tag.name === registered.feature)) part.tags.push({ name: registered.feature });
  }
  part.schemas = Object.fromEntries(Object.entries(part.schemas).sort(([a], [b]) => a.localeCompare(b)));
  return part;
}

// ---------------------------------------------------------------------------------------------
// The document

const DESCRIPTION = [
  'The JSON API of this forum, made from its declared actions.',
  'Every answer is an envelope: `{success: true, data}`, or `{success: false, errorCode, message, fields?}` with a meaningful HTTP status (see `ErrorCode`).',
  'Sign in to get a token; send it as the `X-User-Token` header, or rely on the `sabai_token` cookie the sign-in sets (a POST with the cookie alone must come from the site itself).',
  'POST bodies are JSON; `application/x-www-form-urlencoded` is accepted too. Ids are positive integers; a query or a form carries their decimal text.',
  'Lists page by keyset: pass the answer’s `cursor` back for the next page.',
  'Extensions: `x-sabai-who` (who may call: the gate and the rules checked), `x-sabai-rate-limit` (the rate rules spent, or why there are none), `x-sabai-writes` (whether the call changes anything).',
].join('\n\n');

export interface SiteFacts {
  title: string;
  version: string;
  /** The site's public origin (never a request's Host). */
  origin: string;
}

export function openApiDocument(part: OperationsPart, site: SiteFacts): OpenApiDocument {
  return {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: OPENAPI_DIALECT,
    info: { title: site.title, version: site.version, description: DESCRIPTION },
    servers: [{ url: site.origin, description: 'This site' }],
    tags: part.tags,
    paths: part.paths,
    components: {
      schemas: part.schemas,
      securitySchemes: {
        userToken: { type: 'apiKey', in: 'header', name: 'X-User-Token', description: 'The token the sign-in answers with.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sabai_token', description: 'The cookie the sign-in sets (HttpOnly); a POST with it alone must be same-origin.' },
      },
    },
  };
}
