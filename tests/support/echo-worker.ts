/**
 * A worker for server/infra/worker-pool.test.ts: answers `{wait, value}` with `value` after
 * `wait` ms, `{fail}` with an error, and `{crash}` by ending its thread mid-task.
 */
import { parentPort } from 'node:worker_threads';

interface EchoTask {
  wait?: number;
  value?: string;
  fail?: string;
  crash?: boolean;
}

parentPort?.on('message', (task: EchoTask) => {
  if (task.crash) process.exit(3);
  setTimeout(() => parentPort?.postMessage(task.fail ? { ok: false, error: { reason: task.fail } } : { ok: true, value: task.value }), task.wait ?? 0);
});
