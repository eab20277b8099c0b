/**
 * The views the OpenAPI document names (`components/schemas`): every object schema a module of
 * common/views exports as `<name>Schema`, named `<Name>` (`publicUserSchema` → `PublicUser`,
 * `commentViewSchema` → `CommentView`). A view an answer uses is written once and referred to;
 * the rest of an answer (a page around it, a one-off shape) stays inline. A new module of
 * common/views joins the list below (a test fails on one left out).
 */
import { z } from 'zod';
import * as article from '../../../common/views/article';
import * as comment from '../../../common/views/comment';
import * as install from '../../../common/views/install';
import * as jobs from '../../../common/views/jobs';
import * as content from '../../../common/views/content';
import * as auth from '../../../common/views/auth';
import * as favorite from '../../../common/views/favorite';
import * as follow from '../../../common/views/follow';
import * as links from '../../../common/views/links';
import * as message from '../../../common/views/message';
import * as moderation from '../../../common/views/moderation';
import * as node from '../../../common/views/node';
import * as notices from '../../../common/views/notices';
import * as apiReference from '../../../common/views/api-reference';
import * as openapi from '../../../common/views/openapi';
import * as page from '../../../common/views/page';
import * as post from '../../../common/views/post';
import * as reaction from '../../../common/views/reaction';
import * as review from '../../../common/views/review';
import * as score from '../../../common/views/score';
import * as search from '../../../common/views/search';
import * as settings from '../../../common/views/settings';
import * as site from '../../../common/views/site';
import * as tag from '../../../common/views/tag';
import * as topic from '../../../common/views/topic';
import * as upload from '../../../common/views/upload';
import * as user from '../../../common/views/user';
import * as vip from '../../../common/views/vip';
import * as words from '../../../common/views/words';
import type { NameRegistry } from './json-schema';

/** The modules of common/views, by file name (the test compares this with the folder). */
export const VIEW_MODULES: Record<string, Record<string, unknown>> = {
  'api-reference': apiReference,
  article,
  auth,
  comment,
  content,
  favorite,
  follow,
  install,
  jobs,
  links,
  message,
  moderation,
  node,
  notices,
  openapi,
  page,
  post,
  reaction,
  review,
  score,
  search,
  settings,
  site,
  tag,
  topic,
  upload,
  user,
  vip,
  words,
};

/** `commentViewSchema` → `CommentView`; null for an export that is not a schema's name. */
export function viewName(exportName: string): string | null {
  const match = /^([a-z][A-Za-z0-9]*)Schema$/.exec(exportName);
  return match ? match[1]!.charAt(0).toUpperCase() + match[1]!.slice(1) : null;
}

function isObjectSchema(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType && value._zod.def.type === 'object';
}

/** The registry of named views, built from `modules`; a name given to two views stops the build. */
export function namedViews(modules: Record<string, Record<string, unknown>> = VIEW_MODULES): NameRegistry {
  const registry = z.registry<{ id: string }>();
  const owners = new Map<string, string>();
  for (const [file, exports] of Object.entries(modules)) {
    for (const [exportName, value] of Object.entries(exports)) {
      const name = viewName(exportName);
      if (!name || !isObjectSchema(value) || registry.has(value)) continue;
      const owner = owners.get(name);
      if (owner) throw new Error(`two views are named ${name}: in common/views/${owner}.ts and common/views/${file}.ts`);
      owners.set(name, file);
      registry.add(value, { id: name });
    }
  }
  return registry;
}
