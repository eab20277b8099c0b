/**
 * The JSON API's door to the declared actions (ADR 0021): one Fastify route per action that has
 * a method and a path, registered from the declarations. A route holds no steps of its own: it
 * hands the request's caller, path parameters and query (GET) or body (POST) to the runner, runs
 * the declaration's HTTP finishing step if it names one, and sends the answer — the success
 * envelope, a cached feed's envelope as it was serialized, a document of its own media type, or
 * a live stream.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { AnyAction, MediaAnswer, StreamAnswer } from '../kernel/actions';
import { Serialized } from '../kernel/actions';
import { answered, performAction } from '../kernel/action-runner';
import type { ActionRegistry } from '../kernel/action-registry';
import { callerOf } from '../kernel/caller';
import { ok } from './envelope';
import { COMPRESS_MIN_BYTES, requestAcceptsGzip } from './compression';
import { PERSONAL, vary } from './response-headers';
import { uploadSourceOf } from './upload-part';

/** Path parameters under the names the input knows: a wildcard (`/*`) is `path`. */
function paramsOf(request: FastifyRequest): Record<string, unknown> {
  const params = (request.params ?? {}) as Record<string, unknown>;
  if (!('*' in params)) return params;
  const { '*': path, ...rest } = params;
  return { ...rest, path };
}

function isStream(value: unknown): value is StreamAnswer {
  return typeof value === 'object' && value !== null && typeof (value as StreamAnswer).open === 'function';
}

function sendMedia(reply: FastifyReply, answer: MediaAnswer): FastifyReply {
  if (answer.status) reply.code(answer.status);
  if (answer.type) reply.type(answer.type);
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  return answer.body === undefined ? reply.send() : reply.send(answer.body);
}

/** A POST's fields: its body, with the query's values of the fields its contract lets the address carry. */
function bodyFields(request: FastifyRequest, queryFields: readonly string[] | undefined): unknown {
  if (!queryFields) return request.body;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
  const fromQuery = Object.fromEntries(queryFields.filter((name) => Object.hasOwn(query, name)).map((name) => [name, query[name]]));
  return { ...fromQuery, ...body };
}

async function handle(ctx: AppContext, action: AnyAction, request: FastifyRequest, reply: FastifyReply, screened: boolean): Promise<unknown> {
  const { contract } = action;
  const value = await performAction(ctx, action, {
    caller: callerOf(ctx, request),
    params: paramsOf(request),
    fields: contract.method === 'GET' ? request.query : bodyFields(request, contract.queryFields),
    via: 'api',
    headers: request.headers,
    upload: contract.upload ? uploadSourceOf(request, contract.upload) : undefined,
    requestedOrigin: () => `${request.protocol}://${request.host}`,
    // The text guard (http/validate.ts) screened the path, the query and a parsed body; a
    // multipart body was a stream then, so its fields are screened with the input.
    screened: screened && !request.isMultipart(),
  });
  const body = answered(ctx, action, action.respond ? await action.respond(value, { request, reply, ctx }) : value);
  if (action.personal) reply.header('cache-control', PERSONAL);
  if ('media' in action.answer) {
    if (isStream(body)) {
      reply.hijack();
      body.open(reply.raw);
      return reply;
    }
    return sendMedia(reply, body as MediaAnswer);
  }
  if (body instanceof Serialized) return sendSerialized(request, reply, body);
  return ok(body);
}

/**
 * A JSON answer made ahead: its stored gzip to a client that takes gzip (the compression hook
 * leaves an answer that is already encoded alone), else the text (compressed by the hook when the
 * client takes gzip and no stored copy was made).
 */
function sendSerialized(request: FastifyRequest, reply: FastifyReply, body: Serialized<unknown>): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (body.gzip && body.json.length >= COMPRESS_MIN_BYTES) {
    vary(reply, ['Accept-Encoding']);
    if (requestAcceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(body.gzip);
  }
  return reply.send(body.json);
}

/**
 * A route for every action of the registry that has one. `screened`: the app installed the text
 * guard (http/validate.ts `installTextGuard`), so the runner need not scan the input again.
 */
export function registerActionRoutes(app: FastifyInstance, registry: ActionRegistry, options: { screened?: boolean } = {}): void {
  const screened = options.screened === true;
  for (const { action } of registry.routed()) {
    const { method, path } = action.contract;
    if (!method || !path) continue;
    app.route({ method, url: path, handler: (request, reply) => handle(app.ctx, action, request, reply, screened) });
  }
}
