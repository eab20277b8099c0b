/**
 * The views the OpenAPI document names (`components/schemas`): each view of common/views names
 * itself where it is declared, `.meta({ id: 'PublicUser' })` on its schema, so zod's global
 * registry holds every name and a new view needs nothing here. A view an answer uses is written
 * once and referred to; the rest of an answer (a page around it, a one-off shape) stays inline.
 */
import { z } from 'zod';
import type { NameRegistry } from './json-schema';

/** The registry naming every view: zod's global one, which the views' `.meta({ id })` fill. */
export function namedViews(): NameRegistry {
  return z.globalRegistry;
}

/** `commentViewSchema` → `CommentView`: the name a view's export gives it (the views' own convention). */
export function viewName(exportName: string): string | null {
  const match = /^([a-z][A-Za-z0-9]*)Schema$/.exec(exportName);
  return match ? match[1]!.charAt(0).toUpperCase() + match[1]!.slice(1) : null;
}
