/**
 * The image processor of an app (`ctx.images`): every uploaded image is checked against the
 * limits (IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT, IMAGE_MAX_MEGAPIXELS) from its header first, in
 * microseconds, then decoded and re-encoded in a pool of worker threads (IMAGE_WORKERS) with a
 * bounded queue (IMAGE_QUEUE_MAX). Issue 19: a 6 KB PNG declaring 50,000,000 × 1 pixels was
 * accepted and took seconds of decoding while other uploads waited; now it is refused before any
 * decoder sees it, and however many images arrive at once, at most IMAGE_WORKERS are decoded
 * while the rest wait their turn or, past the queue, are told to retry (503).
 */
import type { ImageLimits } from '../../config';
import { errors, type AppError } from '../../infra/errors';
import { PoolBusyError, WorkerPool, WorkerTaskError } from '../../infra/worker-pool';
import { declaredSize } from './image-header';
import { detectImageKind } from './image-kind';
import { isRefusal, sizeRefusal, type IconSpec, type ImageJob, type ImageTask, type ProcessedImage, type Refusal, type SizeLimits } from './image-pipeline';

/** Seconds a busy pool asks the client to wait: about one image's decoding. */
const BUSY_RETRY_AFTER_S = 2;

/** The worker module beside this one: `.ts` in the sources, `.js` in the build (scripts/build-server.mjs). */
function workerFile(): URL {
  const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./image-worker.${ext}`, import.meta.url);
}

/** A refusal as the answer the client reads: 415 for what is not an image, 413 for what is too big. */
export function refusalError(refusal: Refusal): AppError {
  switch (refusal.refused) {
    case 'unsupportedType':
      return errors.unsupportedMediaType('upload.unsupportedType');
    case 'invalidImage':
      return errors.unsupportedMediaType('upload.invalidImage');
    default:
      return errors.payloadTooLarge(`upload.${refusal.refused}`, refusal.params);
  }
}

/** A processed image, its bytes (and its copies') back in Buffers. */
export type ImageResult = ProcessedImage & { data: Buffer; variants: Array<{ width: number; height: number; data: Buffer }> };

const toBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export class ImageProcessor {
  private pool: WorkerPool<ImageTask, ProcessedImage> | null = null;

  constructor(private readonly limits: ImageLimits) {}

  /**
   * An uploaded image, verified and re-encoded (or sanitized). `lower`: the site's own limits
   * (setting `uploadLimits`); the smaller of them and the server's (IMAGE_MAX_*) applies.
   */
  image(input: Buffer, lower?: SizeLimits): Promise<ImageResult> {
    return this.run({ job: 'image' }, input, lower);
  }

  /** An uploaded avatar: a square still WebP. */
  avatar(input: Buffer, lower?: SizeLimits): Promise<ImageResult> {
    return this.run({ job: 'avatar' }, input, lower);
  }

  /** A square PNG app icon drawn from a stored image (the site logo) or an SVG of ours (image-pipeline.ts `renderIcon`). */
  icon(input: Buffer, spec: IconSpec): Promise<ImageResult> {
    return this.run({ job: 'icon', icon: spec }, input);
  }

  /** The limits an image meets: the server's, lowered by the site's. */
  limitsWith(lower?: SizeLimits): SizeLimits {
    if (!lower) return this.limits;
    return {
      maxWidth: Math.min(this.limits.maxWidth, lower.maxWidth),
      maxHeight: Math.min(this.limits.maxHeight, lower.maxHeight),
      maxMegapixels: Math.min(this.limits.maxMegapixels, lower.maxMegapixels),
    };
  }

  /** Tasks decoding and waiting (tests, metrics). */
  get load(): { running: number; queued: number } {
    return this.pool?.load ?? { running: 0, queued: 0 };
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = null;
  }

  private async run(work: ImageJob, input: Buffer, lower?: SizeLimits): Promise<ImageResult> {
    const limits = this.limitsWith(lower);
    this.refuseByHeader(input, limits);
    // Workers start with the first image, not with the server.
    this.pool ??= new WorkerPool({ file: workerFile(), size: this.limits.workers, maxQueue: this.limits.queueMax });
    try {
      const task: ImageTask = { ...work, input, limits };
      const done = await this.pool.run(task);
      const variants = (done.variants ?? []).map((v) => ({ ...v, data: toBuffer(v.data) }));
      return { ...done, data: toBuffer(done.data), variants };
    } catch (error) {
      if (error instanceof PoolBusyError) throw errors.unavailable('upload.busy', BUSY_RETRY_AFTER_S);
      if (error instanceof WorkerTaskError && isRefusal(error.data)) throw refusalError(error.data);
      throw error;
    }
  }

  /** Not an accepted type, or a raster whose header declares more than the limits: refused before decoding. */
  private refuseByHeader(input: Buffer, limits: SizeLimits): void {
    const kind = detectImageKind(input);
    if (!kind) throw refusalError({ refused: 'unsupportedType' });
    if (kind === 'svg') return;
    const size = declaredSize(kind, input);
    const refusal = size && sizeRefusal(size, limits);
    if (refusal) throw refusalError(refusal);
  }
}
