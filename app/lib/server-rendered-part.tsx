/**
 * A part of a page kept out of the first visit's JavaScript (its own chunk, loaded only by a
 * viewer who gets it) that the server still renders in place: the Following tab's feed, the
 * unverified member's banner, a pending warning.
 *
 * Why not React.lazy alone: the server's copy of a lazy part is a Suspense boundary that hydrates
 * only once its code has come. Until then its buttons are dead HTML, and when anything above it
 * updates first (the root's revalidation, a live badge), React throws the server's copy away and
 * draws it again from nothing: the Following feed showed twice or blinked, and a header menu
 * opened by a quick click stayed shut (issue 32). So each such part leaves an inert marker
 * (`<template data-part>`) beside itself, and the browser entry loads the code of every part the
 * page holds before it hydrates (`loadServerRenderedParts`): the part then hydrates with the page.
 * A part that appears later (a client navigation) loads as any lazy part does.
 */
import { createElement, lazy, Suspense, type ComponentType } from 'react';

type Loader = () => Promise<unknown>;

/** Each part's loader by name, filled as the modules that declare parts are evaluated. */
const loaders = new Map<string, Loader>();

const MARKER = 'data-part';

/**
 * A component that renders `load`'s component in place, in a Suspense boundary (nothing shown
 * while its code loads after a client navigation), preceded by its marker. `name` must be unique (it is how the browser finds the part's code).
 */
export function serverRenderedPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  if (loaders.has(name)) throw new Error(`serverRenderedPart: "${name}" is declared twice`);
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  loaders.set(name, preload);
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function ServerRenderedPart(props: P) {
    return (
      <Suspense fallback={null}>
        <template {...{ [MARKER]: name }} />
        {loaded ? createElement(loaded, props) : createElement(Lazy, props)}
      </Suspense>
    );
  }
  ServerRenderedPart.displayName = `ServerRenderedPart(${name})`;
  return ServerRenderedPart;
}

/**
 * Loads the code of every part the server rendered into this document (their markers), so that
 * they hydrate with the page; resolves when all have come (a part that fails to load hydrates
 * later, as a lazy part: the promise does not reject).
 */
export function loadServerRenderedParts(root: ParentNode = document): Promise<void> {
  const names = new Set([...root.querySelectorAll(`template[${MARKER}]`)].map((marker) => marker.getAttribute(MARKER) ?? ''));
  const pending = [...names].flatMap((name) => {
    const load = loaders.get(name);
    return load ? [load().catch((error: unknown) => console.error(error))] : [];
  });
  return Promise.all(pending).then(() => undefined);
}
