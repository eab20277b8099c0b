/**
 * Every feature's API routes, mounted under /api. A feature exports one Fastify plugin from
 * `modules/<feature>/<feature>.routes.ts`; list it here.
 */
import type { FastifyPluginAsync } from 'fastify';
import { siteRoutes } from './modules/site/site.routes';
import { installRoutes } from './modules/install/install.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { topicRoutes } from './modules/topics/topics.routes';
import { tagRoutes } from './modules/tags/tags.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { commentRoutes } from './modules/comments/comments.routes';
import { reactionRoutes } from './modules/reactions/reactions.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import { contentRoutes } from './modules/content/content.routes';
import { uploadFileRoutes, uploadRoutes } from './modules/uploads/uploads.routes';

export const apiModules: Array<{ name: string; plugin: FastifyPluginAsync }> = [
  { name: 'site', plugin: siteRoutes },
  { name: 'install', plugin: installRoutes },
  { name: 'auth', plugin: authRoutes },
  { name: 'users', plugin: usersRoutes },
  { name: 'topics', plugin: topicRoutes },
  { name: 'tags', plugin: tagRoutes },
  { name: 'comments', plugin: commentRoutes },
  { name: 'reactions', plugin: reactionRoutes },
  { name: 'messages', plugin: messageRoutes },
  { name: 'content', plugin: contentRoutes },
  { name: 'uploads', plugin: uploadRoutes },
];

/** Routes outside /api (sitemaps, RSS), registered before the site's page handler. */
export const rootModules: Array<{ name: string; plugin: FastifyPluginAsync }> = [
  { name: 'seo', plugin: seoRoutes },
  { name: 'uploads', plugin: uploadFileRoutes },
];
