/** The back office's jobs after commit (`/admin/jobs`, ADR 0022): what each job is, and how many are in each state. */
import { z } from '../zod';
import { offsetPageOf } from './moderation';

/** A job's states: waiting (to run, or to be retried), queued (handed to BullMQ), running, done, failed (no attempt left). */
export const JOB_STATUSES = ['waiting', 'queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The lists the page shows: failed ones, those still to run (waiting and queued), running, done. */
export const JOB_LISTS = ['failed', 'waiting', 'running', 'done'] as const;
export type JobList = (typeof JOB_LISTS)[number];

export const jobViewSchema = z.strictObject({
  id: z.number(),
  /** The job's declared name (`feature.what`). */
  name: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number(),
  maxAttempts: z.number(),
  /** When it is due (waiting), or was last started. */
  runAt: z.number(),
  createTime: z.number(),
  /** Its last change: the end of its last attempt for a done or failed job. */
  updateTime: z.number(),
  /** The last attempt's error; null once done. */
  error: z.string().nullable(),
  /** How often the back office retried it. */
  retries: z.number(),
}).meta({ id: 'JobView' });
export type JobView = z.infer<typeof jobViewSchema>;

export const jobCountsSchema = z.strictObject(Object.fromEntries(JOB_STATUSES.map((status) => [status, z.number()])) as Record<JobStatus, z.ZodNumber>).meta({ id: 'JobCounts' });
export type JobCounts = z.infer<typeof jobCountsSchema>;

export const jobsViewSchema = z.strictObject({ counts: jobCountsSchema, list: z.enum(JOB_LISTS), jobs: offsetPageOf(jobViewSchema) }).meta({ id: 'JobsView' });
export type JobsView = z.infer<typeof jobsViewSchema>;

export const jobsRetriedSchema = z.strictObject({ retried: z.number() }).meta({ id: 'JobsRetried' });
export type JobsRetried = z.infer<typeof jobsRetriedSchema>;
