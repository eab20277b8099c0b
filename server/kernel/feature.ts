/**
 * What a feature declares (DESIGN convention 12, ADR 0021): its actions, the listeners and kinds
 * it registers, what runs while the app runs, its jobs and schedules. The list of features is
 * server/features.ts; a feature imports this type from the kernel, never the list it belongs to.
 */
import type { AppContext } from '../context';
import type { AnyAction } from './actions';
import type { AnyJob, ScheduleDefinition } from './jobs';

export interface Feature {
  name: string;
  /** The feature's declared actions (ADR 0021): its API routes and the pages' reads. */
  actions?: readonly AnyAction[];
  /** Registers the feature's content kinds and event handlers on the app context. */
  setup?(ctx: AppContext): void;
  /**
   * What runs as long as the app does (the live unread streams' hub): started once every feature
   * is set up; the function it answers stops it first when the app closes, before the server
   * waits for its connections (an open stream would hold it: http/drain.ts).
   */
  start?(ctx: AppContext): Promise<() => void | Promise<void>>;
  /** The jobs its writes enqueue (kernel/jobs.ts): run after the commit, retried, never lost. */
  jobs?: readonly AnyJob[];
  /** Its periodic jobs: each run once per interval across every process. */
  schedules?: readonly ScheduleDefinition[];
}
