/**
 * Error pages (spec §2, issue 3 item 8) through React Router's real pipeline: a route's loader
 * throws, the static handler turns it into the route error, and the ErrorBoundary renders
 * <ErrorPage> in English.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider, useRouteError } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../../common/locales';
import { registerLocale } from '~/lib/i18n';
import { TranslationProvider } from '~/lib/use-t';
import { tFor } from '~/lib/i18n';
import { ErrorPage, errorDetails, errorHeading, errorHelpKey } from './error-page';

beforeAll(() => {
  registerLocale('en-US', resources['en-US']);
  registerLocale('zh-CN', resources['zh-CN']);
});

function Boundary() {
  return <ErrorPage error={useRouteError()} />;
}

/** Renders the page a loader throwing `thrown` ends on. */
async function renderThrown(thrown: unknown): Promise<string> {
  const routes = [
    {
      path: '/',
      loader: () => {
        throw thrown;
      },
      Component: () => null,
      ErrorBoundary: Boundary,
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://sabai.test/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <TranslationProvider locale="en-US">
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </TranslationProvider>,
  );
}

const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('error pages', () => {
  it("404 says 'Page not found' and leads home", async () => {
    const html = await renderThrown(data(null, { status: 404 }));
    expect(heading(html)).toBe('Page not found');
    expect(html).toContain('href="/"');
    expect(html).toContain('Back to home');
  });

  it("403 says 'No permission to access', with what to do when nothing was carried", async () => {
    const html = await renderThrown(data(null, { status: 403 }));
    expect(heading(html)).toBe('No permission to access');
    expect(html).toContain('You do not have access to this page.');
    expect(html).not.toContain('Try again');
  });

  it('each status has its own help, in both languages; a retry where a second try may work', async () => {
    const help = (status: number) => /data-testid="error-help">([^<]*)</.exec(renderedHelp.get(status)!)?.[1];
    const renderedHelp = new Map<number, string>();
    for (const status of [400, 404, 429, 500, 503]) renderedHelp.set(status, await renderThrown(data(null, { status })));
    const texts = [400, 404, 429, 500, 503].map(help);
    expect(new Set(texts).size).toBe(5);
    expect(help(404)).toContain('moved or deleted');
    expect(help(503)).toContain('try again in a few minutes');
    expect(renderedHelp.get(503)).toContain('Try again');
    expect(renderedHelp.get(404)).not.toContain('Try again');
    for (const status of [400, 403, 404, 429, 500, 503]) {
      const key = errorHelpKey(status);
      expect(tFor('en-US')(key)).not.toBe(key);
      expect(tFor('zh-CN')(key)).not.toBe(tFor('en-US')(key));
    }
    expect(errorHelpKey(418)).toBe('site.error.title');
    expect(errorHelpKey(507)).toBe('site.error.help.server');
  });

  it('the heading is also the title, in the reader\'s language', () => {
    expect(errorHeading(404, tFor('en-US'))).toBe('Page not found');
    expect(errorHeading(404, tFor('zh-CN'))).toBe('页面不存在');
    expect(errorHeading(503, tFor('zh-CN'))).toBe('503 异常');
  });

  it('shows the message the error carries instead of the generic text', async () => {
    const html = await renderThrown(data('Topic disabled', { status: 403 }));
    expect(heading(html)).toBe('No permission to access');
    expect(html).toContain('Topic disabled');
    expect(html).not.toContain('You do not have access');
    // An object carrying a message counts too (loaders throw `data({message}, …)`).
    expect(await renderThrown(data({ message: 'Node closed' }, { status: 410 }))).toContain('Node closed');
  });

  it("any other status reads '<status> Exception'", async () => {
    const html = await renderThrown(data(null, { status: 418 }));
    expect(heading(html)).toBe('418 Exception');
    expect(html).toContain('>418</p>');
  });

  it('a thrown Error is a 500 whose text never reaches the page', async () => {
    const html = await renderThrown(new Error('secret: SELECT * FROM users'));
    expect(heading(html)).toBe('500 Exception');
    expect(html).not.toContain('secret');
    expect(html).toContain('Something went wrong on our side.');
    expect(errorDetails(new Error('secret'))).toEqual({ status: 500, message: null });
  });
});
