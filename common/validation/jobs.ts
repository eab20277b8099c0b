/** The back office's jobs list (`GET /api/admin/jobs`): which list, which page. */
import { z } from '../zod';
import { JOB_LISTS } from '../views/jobs';
import { adminPageField } from './moderation';

export const jobsQuery = z.object({
  list: z.enum(JOB_LISTS, { error: 'validation.invalid' }).default('failed'),
  page: adminPageField,
});
export type JobsQuery = z.infer<typeof jobsQuery>;
