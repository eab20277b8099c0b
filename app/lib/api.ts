/**
 * CONTRACT — browser calls to the JSON API (spec §7–§8, API.md), through the declared actions'
 * contracts (common/actions, ADR 0021): the method, the path and the types come from the one
 * declaration the server registers its route from.
 *
 *   const user = await send(userActions.update, { nickname });
 *   const page = await send(topicActions.feed, { nodeId: 0, cursor });
 *
 * - Same-origin fetch with credentials: the HttpOnly `sabai_token` cookie carries auth (the
 *   server's same-origin check makes cookie-auth writes CSRF-safe).
 * - `body`: plain objects are sent as JSON; FormData (uploads) and URLSearchParams (form posts)
 *   as they are.
 * - Envelope (spec §8): `{success:true,data}` → data. `{success:false}` → throws `ApiError` with
 *   the server's message (already in the visitor's locale), `errorCode`, `fields` (validation:
 *   field → message) — or 'API request failed' when the server sent no message. A non-envelope
 *   HTTP error → `ApiError` whose message is "<status> <statusText>". Network failure → status 0.
 * - Forms: catch, show `error.fields` under the inputs, and pass everything else to the function
 *   from `useApiErrorHandler()` (./use-api-error.ts): errorCode 1 toasts 'please sign in' and then
 *   goes to /user/signin?redirect=<current path>; other errors toast their message.
 */
import { fillPath, type AnyContract, type InputOf, type OutputOf } from '../../common/actions/contract';
import { ErrorCode } from '../../common/errors';
import { tFor } from './i18n';
import { asLocale } from './locale';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: number;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, errorCode: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.fields = fields;
  }

  get isNotSignedIn(): boolean {
    return this.errorCode === ErrorCode.NotSignedIn;
  }
}

/** The visitor's locale as rendered on <html lang> (SSR sets it), for client-side fallbacks. */
function pageLocale() {
  return asLocale(typeof document === 'undefined' ? undefined : document.documentElement.lang);
}

function requestFailedText(): string {
  return tFor(pageLocale())('site.api.requestFailed');
}

/** `/api/x`, `api/x` and `x` all mean `/api/x`. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const clean = path.replace(/^\/+/, '');
  let url = clean.startsWith('api/') ? `/${clean}` : `/api/${clean}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.set(key, String(value));
    }
    const text = params.toString();
    if (text) url += (url.includes('?') ? '&' : '?') + text;
  }
  return url;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) return body;
  headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

interface Envelope {
  success: boolean;
  data?: unknown;
  errorCode?: unknown;
  message?: unknown;
  fields?: unknown;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as { success?: unknown }).success === 'boolean';
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return out;
}

/**
 * Turns a fetch Response into data or an ApiError (spec §8). Exported for tests and for
 * callers that fetch themselves (e.g. upload progress).
 */
export async function readEnvelope<T>(response: Response): Promise<T> {
  const type = response.headers.get('content-type') ?? '';
  let payload: unknown = undefined;
  if (type.includes('json')) {
    try {
      payload = await response.json();
    } catch {
      payload = undefined;
    }
  }
  if (isEnvelope(payload)) {
    if (payload.success) return payload.data as T;
    const message = typeof payload.message === 'string' && payload.message.trim() !== '' ? payload.message : requestFailedText();
    const errorCode = typeof payload.errorCode === 'number' ? payload.errorCode : ErrorCode.Other;
    throw new ApiError(response.status, errorCode, message, stringRecord(payload.fields));
  }
  if (!response.ok) {
    const text = `${response.status} ${response.statusText}`.trim();
    throw new ApiError(response.status, ErrorCode.Other, text);
  }
  return payload as T;
}

export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers = new Headers({ accept: 'application/json', ...options.headers });
  const body = encodeBody(options.body, headers);
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), { method, headers, body, credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, ErrorCode.Other, requestFailedText());
  }
  return readEnvelope<T>(response);
}

/** What `send` takes besides the input: an abort signal, extra headers. */
export interface SendOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Calls a declared action: its path parameters filled from `input`, the rest sent as the query of
 * a GET or the JSON body of a POST (a FormData input is sent as it is: an upload). Answers the
 * envelope's data, typed by the contract; failures throw `ApiError` as `api` does.
 */
export function send<C extends AnyContract>(contract: C, input: InputOf<C> | FormData, options: SendOptions = {}): Promise<OutputOf<C>> {
  if (!contract.method || !contract.path) throw new Error(`${contract.name} has no HTTP route: the pages read it on the server`);
  if (input instanceof FormData) return api<OutputOf<C>>(contract.path, { method: contract.method, body: input, ...options });
  const { url, rest } = fillPath(contract.path, (input ?? {}) as Record<string, unknown>);
  if (contract.method === 'GET') return api<OutputOf<C>>(url, { method: 'GET', query: rest as Record<string, QueryValue>, ...options });
  return api<OutputOf<C>>(url, { method: 'POST', body: rest, ...options });
}
