/**
 * What React Router loaders and actions receive as `context` (DESIGN convention 11), as the
 * server builds it: the shape is declared in common/load-context.ts (the pages import only
 * that); here its user is the full row, which the pages hold as opaque and hand back to
 * `context.site.*`. The Fastify site handler (./ssr.ts) builds one per request.
 */
import type * as Pages from '../../common/load-context';
import type { UserRow } from '../db/schema';

export type LoadContext = Pages.LoadContext<UserRow>;
