/** The back office's dashboard (docs/api-additions.md "Settings and dashboard"): moderators and admins. */
import { z } from '../zod';
import type { DashboardView } from '../views/settings';
import { contract, returns } from './contract';

export const dashboardActions = {
  view: contract({
    name: 'dashboard.view',
    method: 'GET',
    path: '/api/admin/dashboard',
    input: z.object({}),
    output: returns<DashboardView>(),
    summary: 'The forum’s counts, today’s sign-ups and posts, what waits for review, the last 30 days and the newest audit entries.',
  }),
};
