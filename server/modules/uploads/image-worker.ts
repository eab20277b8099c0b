/**
 * An image worker thread (images.ts runs a pool of them): decodes, checks and re-encodes one
 * image at a time and answers `{ok: true, value}` or `{ok: false, error}`, the error being a
 * `Refusal` (the image broke a limit or does not decode) or, for a fault of ours, its message.
 */
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import { refusalOf, runImageTask, type ImageTask } from './image-pipeline';

// One libvips thread per image, and no operation cache: the pool's size is then the number of
// threads images take, and a worker holds no pixels between images.
sharp.concurrency(1);
sharp.cache(false);

async function handle(task: ImageTask): Promise<void> {
  try {
    parentPort?.postMessage({ ok: true, value: await runImageTask(task) });
  } catch (error) {
    parentPort?.postMessage({ ok: false, error: refusalOf(error) ?? { message: error instanceof Error ? error.message : String(error) } });
  }
}

parentPort?.on('message', (task: ImageTask) => void handle(task));
