/**
 * Moderation routes (API.md "Admin and moderation", moderator or admin): ban and unban a
 * member, a member's ban state for the moderator menus, the banned members and the audit log;
 * the member list, role changes and manual e-mail verification (issue 17).
 * Each parses its input and calls the use case (moderation.usecases.ts), which authorizes.
 */
import type { FastifyPluginAsync } from 'fastify';
import { idField } from '../../../common/validation/fields';
import { auditQuery, bannedQuery, banSchema, membersQuery, setRoleSchema, unbanSchema, verifyEmailSchema } from '../../../common/validation/moderation';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { parseInput } from '../../kernel/input';
import { callerOf, viewerContext } from '../../kernel/caller';
import { authorize } from '../../policy/permissions';
import { auditLog, banState, bannedMembers, banUser, members, setRole, unbanUser, verifyMemberEmail } from './moderation.usecases';

const banStateQuery = z.object({ userId: idField });

export const moderationRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.post('/admin/user/ban', async (request) => {
    const caller = callerOf(ctx, request);
    // Who may ban comes before the body's field errors (401/403 before 400).
    authorize(caller.viewer, 'user:ban');
    return ok(await banUser(ctx, caller, parseInput(banSchema, request.body)));
  });

  app.post('/admin/user/unban', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'user:ban');
    return ok(await unbanUser(ctx, caller, parseInput(unbanSchema, request.body).userId));
  });

  app.get('/admin/user/ban_state', async (request) => {
    const viewer = viewerContext(ctx, request);
    authorize(viewer.viewer, 'user:ban');
    return ok(await banState(ctx, viewer, parseInput(banStateQuery, request.query).userId));
  });

  app.get('/admin/users/banned', async (request) => {
    const viewer = viewerContext(ctx, request);
    authorize(viewer.viewer, 'admin:access');
    return ok(await bannedMembers(ctx, viewer, parseInput(bannedQuery, request.query).page));
  });

  app.get('/admin/users', async (request) => {
    const viewer = viewerContext(ctx, request);
    authorize(viewer.viewer, 'user:list');
    return ok(await members(ctx, viewer, parseInput(membersQuery, request.query)));
  });

  app.post('/admin/user/role', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'user:setRole');
    return ok(await setRole(ctx, caller, parseInput(setRoleSchema, request.body)));
  });

  app.post('/admin/user/verify_email', async (request) => {
    const caller = callerOf(ctx, request);
    authorize(caller.viewer, 'user:verifyEmail');
    return ok(await verifyMemberEmail(ctx, caller, parseInput(verifyEmailSchema, request.body).userId));
  });

  app.get('/admin/audit_logs', async (request) => {
    const viewer = viewerContext(ctx, request);
    authorize(viewer.viewer, 'admin:access');
    return ok(await auditLog(ctx, viewer, parseInput(auditQuery, request.query)));
  });
};
