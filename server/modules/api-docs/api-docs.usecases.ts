/**
 * The API's description, read: the OpenAPI document (`GET /api/openapi.json`, answered as the
 * file itself, as OpenAPI tools expect it) and the reference page's readable form of it. The operations change only with the code, so they are made once
 * per app (the first call builds them from the action registry; later calls reuse them); the
 * site's title and public address are read at each call, since an admin may change the one and
 * the installer records the other.
 */
import packageJson from '../../../package.json' with { type: 'json' };
import type { ApiReferenceView } from '../../../common/views/api-reference';
import type { AppContext } from '../../context';
import { siteOriginOf } from '../../http/site-address';
import type { ActionRegistry } from '../../kernel/action-registry';
import type { MediaAnswer, ReadCall, SiteSettings } from '../../kernel/actions';
import { namedViews } from './named-views';
import { openApiDocument, operationsOf, type OperationsPart, type SiteFacts } from './openapi';
import { referenceOf, type ReferenceBody } from './reference';

/** Where the document is served (the reference page links to it). */
export const DOCUMENT_PATH = '/api/openapi.json';

interface Built {
  operations: OperationsPart;
  reference?: ReferenceBody;
  /** The document's JSON text, and the site facts it was written with. */
  text?: { facts: string; json: string };
}

/** Per app: the registry is the app's, filled once at start. */
const built = new WeakMap<ActionRegistry, Built>();

function builtFor(ctx: AppContext, settings: SiteSettings): Built {
  let entry = built.get(ctx.actions);
  if (!entry) {
    entry = { operations: operationsOf(ctx.actions.routed(), namedViews(), settings) };
    built.set(ctx.actions, entry);
  }
  return entry;
}

function siteFacts(ctx: AppContext, settings: SiteSettings): SiteFacts {
  return { title: settings.siteTitle || 'Sabai', version: packageJson.version, origin: siteOriginOf(ctx.config) };
}

/** Browsers and tools may keep it a few minutes: it changes with the code, the site's title and address. */
const DOCUMENT_CACHE = 'public, max-age=300';

/** The document as it is (the media answer of `GET /api/openapi.json`): its text made once per site facts. */
export async function apiDocument({ ctx, settings }: ReadCall<unknown, undefined>): Promise<MediaAnswer> {
  const entry = builtFor(ctx, settings);
  const site = siteFacts(ctx, settings);
  const facts = JSON.stringify(site);
  if (entry.text?.facts !== facts) entry.text = { facts, json: JSON.stringify(openApiDocument(entry.operations, site)) };
  return { type: 'application/json; charset=utf-8', headers: { 'cache-control': DOCUMENT_CACHE }, body: entry.text.json };
}

export async function apiReference({ ctx, settings }: ReadCall<unknown, undefined>): Promise<ApiReferenceView> {
  const entry = builtFor(ctx, settings);
  entry.reference ??= referenceOf(entry.operations);
  const site = siteFacts(ctx, settings);
  return { title: site.title, version: site.version, server: site.origin, documentPath: DOCUMENT_PATH, ...entry.reference };
}
