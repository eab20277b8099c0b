/** The installer page's loader refuses to serve an installed forum, whatever the gate let through. */
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LoadContext } from '../../common/load-context';
import { loader } from './install';

function argsFor(installed: boolean): LoaderFunctionArgs {
  const context = { site: { installState: () => ({ installed, fixedDbType: null }) }, locale: 'en-US' } as unknown as LoadContext;
  return { request: new Request('http://localhost/install.data'), params: {}, context, unstable_pattern: '/install' } as unknown as LoaderFunctionArgs;
}

describe('/install loader', () => {
  it('redirects to / once the forum is installed', async () => {
    const thrown = await loader(argsFor(true)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe('/');
  });

  it('serves the installer before install, with its own texts in the page locale', async () => {
    const data = await loader(argsFor(false));
    expect(data).toEqual({ fixedDbType: null, title: 'Install Sabai', messages: { install: expect.any(Object), installUi: expect.any(Object) } });
    expect(Object.keys(data.messages)).toEqual(['install', 'installUi']);
  });
});
