/**
 * Every route an app serves, as `METHOD /full/path` (Fastify patterns: `/api/topic/edit/:id`),
 * HEAD left out. Fastify prints its routes as a tree whose children name only the rest of the
 * path (`/api/user/messages` then `└── /read`), so the full path is rebuilt from the nesting.
 */
import type { FastifyInstance } from 'fastify';

export function servedRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ├└─]*)(\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.floor(match[1]!.length / 4);
    stack.length = depth;
    stack[depth] = match[2]!;
    const path = stack.join('').replace(/\/{2,}/g, '/');
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

/** The routes that change something (POST, PUT, PATCH, DELETE). */
export function mutatingRoutes(app: FastifyInstance): string[] {
  return servedRoutes(app).filter((route) => /^(POST|PUT|PATCH|DELETE) /.test(route));
}
