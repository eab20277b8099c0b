/**
 * Server rendering entry: streams HTML with the request's CSP nonce on every script React and
 * React Router emit. Bots asking for a page that failed (status ≥ 400) get the status and a
 * one-line plain body instead of the error page (spec §2).
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isBot } from '../common/bots';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import { LOCALES } from '../common/constants';
import { resources } from '../common/locales';
import { registerLocale } from './lib/i18n';
import './lib/load-context';

// The server renders every locale: register them all once.
for (const locale of LOCALES) registerLocale(locale, resources[locale]);

export const streamTimeout = 5_000;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function botErrorResponse(status: number, headers: Headers): Response {
  headers.set('content-type', 'text/plain; charset=utf-8');
  return new Response(`${status} ${STATUS_TEXT[status] ?? 'Error'}\n`, { status, headers });
}

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> | Response {
  const userAgent = request.headers.get('user-agent');
  const bot = userAgent !== null && isBot(userAgent);
  if (bot && status >= 400) return botErrorResponse(status, headers);
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });

  const nonce = loadContext.nonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      // Everyone gets the complete document at once. The loaders have already read every piece of
      // data, so the only thing a render can wait for is a lazy component's first import on this
      // server. Sent as soon as the shell was ready, that piece came later in a hidden block that
      // an inline script moves into place; when hydration (or a revalidation) reached its
      // boundary first, React rendered it anew and the streamed copy stayed in the document: the
      // Following feed showed twice, or not at all, after a fresh start under load.
      onAllReady() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        headers.set('content-type', 'text/html; charset=utf-8');
        pipe(body);
        // The site handler sends the Node stream itself (common/load-context.ts `streamBody`).
        if (loadContext.streamBody) {
          loadContext.streamBody(body);
          resolve(new Response(null, { headers, status }));
        } else {
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        }
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) loadContext.site.log.error({ err: error, reqId: loadContext.requestId }, 'streaming render failed');
      },
    });
    // The client went away (server/http/ssr.ts aborts the request): stop rendering for it.
    if (request.signal.aborted) abort();
    else request.signal.addEventListener('abort', () => abort(), { once: true });
  });
}

/** Loader/action/render errors React Router caught: log them with the request id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = context as AppLoadContext;
  ctx.site.log.error({ err: error, reqId: ctx.requestId, url: request.url }, 'page request failed');
};
