/**
 * Lazy parts the server renders (./server-rendered-part.tsx): the server's HTML holds the part and
 * its marker; the browser entry loads the code of the parts the page marks, and a loaded part then
 * renders at once, without suspending, which is what lets it hydrate with the page.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { loadServerRenderedParts, serverRenderedPart } from './server-rendered-part';

function Greeting({ name }: { name: string }) {
  return <button type="button">Hello {name}</button>;
}

async function staticHtml(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

/** A stand-in document: only what loadServerRenderedParts reads. */
function pageWithMarkers(names: string[]): ParentNode {
  const markers = names.map((name) => ({ getAttribute: (attribute: string) => (attribute === 'data-part' ? name : null) }));
  return { querySelectorAll: () => markers } as unknown as ParentNode;
}

describe('serverRenderedPart', () => {
  it('renders the part in place on the server, after an inert marker naming it', async () => {
    const Part = serverRenderedPart('test-greeting-server', () => Promise.resolve(Greeting));
    const html = await staticHtml(<Part name="Somchai" />);
    expect(html).toBe('<!--$--><template data-part="test-greeting-server"></template><button type="button">Hello <!-- -->Somchai</button><!--/$-->');
  });

  it('loads the code of each part the page marks, once, and then renders it without suspending', async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const Part = serverRenderedPart('test-greeting-client', load);
    // Not loaded: a synchronous render (as hydration is) can only show the Suspense fallback.
    const Unloaded = serverRenderedPart('test-greeting-unloaded', () => Promise.resolve(Greeting));
    expect(renderToStaticMarkup(<Unloaded name="Mali" />)).not.toContain('Hello');
    // Loaded before the first render, as the entry does before it hydrates: no suspending.
    await loadServerRenderedParts(pageWithMarkers(['test-greeting-client', 'test-greeting-client', 'not-a-part']));
    expect(load).toHaveBeenCalledTimes(1);
    expect(renderToStaticMarkup(<Part name="Mali" />)).toContain('<button type="button">Hello Mali</button>');
  });

  it('does not hold the page back when a part fails to load (it loads later, as a lazy part)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serverRenderedPart('test-broken', () => Promise.reject(new Error('offline')));
    await expect(loadServerRenderedParts(pageWithMarkers(['test-broken']))).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('refuses a name declared twice (the browser finds the code by name)', () => {
    serverRenderedPart('test-twice', () => Promise.resolve(Greeting));
    expect(() => serverRenderedPart('test-twice', () => Promise.resolve(Greeting))).toThrow(/declared twice/);
  });
});
