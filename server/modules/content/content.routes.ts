/**
 * POST /api/content/preview {content, contentType} → {html}: the editor's Markdown preview,
 * rendered by the same server pipeline that renders stored content (sanitizer included).
 */
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { errors } from '../../infra/errors';
import { parseInput } from '../../kernel/input';
import { renderHtml } from './content.service';
import { publicOrigin } from '../../http/site-address';
import { PREVIEW_RATE, previewSchema } from './content.schema';

export const contentRoutes: FastifyPluginAsync = async (app) => {
  app.post('/content/preview', async (request) => {
    const { ctx } = app;
    const user = request.user;
    if (!user) throw errors.notSignedIn();
    await ctx.limiter.consume(PREVIEW_RATE, String(user.id));
    const input = parseInput(previewSchema, request.body);
    return ok({ html: renderHtml(input.content, input.contentType, { siteOrigin: publicOrigin(ctx.config) }) });
  });
};
