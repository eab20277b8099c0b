/**
 * Per-app helpers the topic routes and the page facade share: the view de-dup store (memory, or
 * Redis when configured) and the IP locator. Kept beside the app context (one per app instance)
 * without widening AppContext.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../../context';
import { MemoryDedupStore, RedisDedupStore, type DedupStore } from '../../infra/dedup';
import { createIpLocator, type IpLocation, type IpLocator } from '../../infra/ip-location';
import { eventNamespace } from '../messages/messages.infra';

const stores = new WeakMap<AppContext, DedupStore>();
const locators = new WeakMap<AppContext, IpLocator>();

/**
 * The Redis key prefix of topic views: per forum (the database's identity, as the event bus), so
 * two forums sharing one Redis never take each other's views for repeats.
 */
export function viewDedupPrefix(ctx: AppContext): string {
  return `sabai:seen:${eventNamespace(ctx)}:`;
}

export function viewDedup(ctx: AppContext): DedupStore {
  let store = stores.get(ctx);
  if (!store) {
    store = ctx.redis ? new RedisDedupStore(ctx.redis, viewDedupPrefix(ctx)) : new MemoryDedupStore();
    stores.set(ctx, store);
  }
  return store;
}

export function locateRequest(ctx: AppContext, request: { ip: string; headers: IncomingHttpHeaders }): IpLocation {
  let locator = locators.get(ctx);
  if (!locator) {
    locator = createIpLocator(ctx.config);
    locators.set(ctx, locator);
  }
  return locator.locate(request);
}

/** The origin of PUBLIC_URL, or null. */
export function siteOrigin(ctx: AppContext): string | null {
  if (!ctx.config.publicUrl) return null;
  try {
    return new URL(ctx.config.publicUrl).origin;
  } catch {
    return null;
  }
}
