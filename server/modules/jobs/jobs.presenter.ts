/** A job's row as the back office shows it: fields listed, the payload left out (it may hold an address). */
import { JOB_STATUSES, type JobStatus, type JobView } from '../../../common/views/jobs';
import type { JobRow } from '../../db/schema';

function statusOf(status: string): JobStatus {
  return (JOB_STATUSES as readonly string[]).includes(status) ? (status as JobStatus) : 'waiting';
}

export function presentJob(row: JobRow): JobView {
  return {
    id: row.id,
    name: row.name,
    status: statusOf(row.status),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: row.run_at,
    createTime: row.create_time,
    updateTime: row.update_time,
    error: row.last_error,
    retries: row.retries,
  };
}
