/**
 * The jobs feature's public surface (DESIGN convention 13): the runner the composition root
 * builds once per app (in the process, or on BullMQ with REDIS_URL). Features declare and enqueue
 * jobs through the kernel (kernel/jobs.ts), never through this feature.
 */
export { BullBackend } from './jobs.bullmq';
export { JobRunner } from './jobs.runner';
