/**
 * The public half of a declared action (ADR 0021): what anyone calling it must know, and nothing
 * of how the server runs it. A contract names the action, its HTTP method and path, the zod
 * schema of its input and the type of its answer. The server's declaration
 * (`server/modules/<feature>/<feature>.actions.ts`) adds who may call it, its rate limit, whether
 * it writes, the answer's schema and the use case it runs; the site's typed client
 * (`app/lib/api.ts` `send`), the page loaders (`context.read`) and the OpenAPI document all start
 * from the contract, so a path, a field or an answer's type is written once.
 *
 * The answer's type travels as a phantom (`returns<T>()`): the schema that checks it lives on the
 * server, so the browser bundle carries the input schemas its forms already use and no more.
 */
import type { z } from 'zod';

export type ActionMethod = 'GET' | 'POST';

declare const ANSWER: unique symbol;

/** The type an action answers with: a phantom, nothing at run time but an empty object. */
export interface Returns<T> {
  readonly [ANSWER]?: T;
}

/** `returns<TopicView>()`: the answer's type, for the contract. */
export function returns<T>(): Returns<T> {
  return {};
}

export interface Contract<I extends z.ZodType = z.ZodType, O = unknown, M extends ActionMethod | null = ActionMethod | null> {
  /** `feature.verb`: how logs, the OpenAPI document, tests and the pages name the action. */
  readonly name: string;
  /** GET reads, POST writes; null for a read only the pages make (no HTTP route). */
  readonly method: M;
  /** The full path with `:param` segments (`/api/topic/edit/:id`), or null with `method` null. */
  readonly path: string | null;
  /** Path parameters, query and body fields together: one object, one schema. */
  readonly input: I;
  readonly output: Returns<O>;
  /** One English line for the API reference. */
  readonly summary: string;
  /** The i18n key a path parameter that names nothing answers with (404). */
  readonly notFound?: string;
  /** A multipart upload: the file part's field name. */
  readonly upload?: string;
  /** The answer is a document of this media type, not the JSON envelope (XML, an image, an event stream). */
  readonly media?: string;
  /**
   * A POST's fields that may also come in the address's query: a link whose address carries
   * them (the one-click unsubscribe's `?token=`, RFC 8058). The body's value wins.
   */
  readonly queryFields?: readonly string[];
}

export type AnyContract = Contract<z.ZodType, unknown, ActionMethod | null>;

/** What a caller passes: the schema's input side (ids may be numbers or their decimal text). */
export type InputOf<C extends AnyContract> = z.input<C['input']>;
/** What the use case receives: the schema's output side. */
export type ParsedInputOf<C extends AnyContract> = z.output<C['input']>;
/** What the action answers with (the envelope's `data`). */
export type OutputOf<C extends AnyContract> = C['output'] extends Returns<infer O> ? O : never;

/** A contract the pages may read through: a GET, or a read without a route. */
export type ReadContract = AnyContract & { readonly method: 'GET' | null };

/** Declares a contract; the literal types of its name, method and path are kept. */
export function contract<const I extends z.ZodType, O, const M extends ActionMethod | null>(spec: Contract<I, O, M>): Contract<I, O, M> {
  return spec;
}

/** The `:param` names of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!);
}

/**
 * A path with its parameters filled from `input`, and the fields left over (the query of a GET,
 * the body of a POST). Values are percent-encoded.
 */
export function fillPath(path: string, input: Record<string, unknown>): { url: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const url = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { url, rest };
}
