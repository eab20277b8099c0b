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
import { ErrorPage, errorDetails } from './error-page';

beforeAll(() => registerLocale('en-US', resources['en-US']));

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

  it("403 says 'No permission to access', with the generic text when nothing was carried", async () => {
    const html = await renderThrown(data(null, { status: 403 }));
    expect(heading(html)).toBe('No permission to access');
    expect(html).toContain('The page you visited has an error!');
  });

  it('shows the message the error carries instead of the generic text', async () => {
    const html = await renderThrown(data('Topic disabled', { status: 403 }));
    expect(heading(html)).toBe('No permission to access');
    expect(html).toContain('Topic disabled');
    expect(html).not.toContain('The page you visited has an error!');
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
    expect(html).toContain('The page you visited has an error!');
    expect(errorDetails(new Error('secret'))).toEqual({ status: 500, message: null });
  });
});
