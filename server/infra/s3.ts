/**
 * A small bucket helper over S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Aliyun
 * OSS, Tencent COS): put, get, head, list by prefix, delete and a short-lived signed read URL.
 * Uploads (infra/storage.ts `S3Storage`) use it; so can anything else that keeps files in a
 * bucket (backups). Nothing here knows what is stored: keys and bodies come from the caller.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as S3Presigner from '@aws-sdk/s3-request-presigner';

type Sdk = typeof S3Sdk;
type GetSignedUrl = typeof S3Presigner.getSignedUrl;

let sdkLoading: Promise<{ sdk: Sdk; getSignedUrl: GetSignedUrl }> | undefined;

/**
 * The AWS SDK (≈2.3 MB of JavaScript) is loaded when a bucket is first used, not at start: most
 * forums keep uploads on disk, and parsing it was a large share of a cold start (issue 32).
 */
function loadSdk(): Promise<{ sdk: Sdk; getSignedUrl: GetSignedUrl }> {
  sdkLoading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(([sdk, presigner]) => ({ sdk, getSignedUrl: presigner.getSignedUrl }));
  return sdkLoading;
}

/** Where a bucket is and how to reach it (environment S3_*, or the back office's storage settings). */
export interface S3Settings {
  bucket: string;
  /** `us-east-1`, `auto` (R2), `oss-cn-hangzhou`, `ap-guangzhou`… */
  region: string;
  /** '' for AWS itself; else the service's address (`https://<account>.r2.cloudflarestorage.com`). */
  endpoint: string;
  /** '' with the secret '' too: the SDK's own chain (an instance role, AWS_* variables). */
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, most self-hosted). */
  forcePathStyle: boolean;
  /** The public address of the bucket or its CDN, when readers may fetch objects directly; '' otherwise. */
  publicUrl: string;
  /** Readers are sent to short-lived signed URLs (a private bucket); ignored when `publicUrl` is set. */
  signedUrls: boolean;
}

export interface ObjectInfo {
  key: string;
  size: number;
  /** The ETag without its quotes: the MD5 of a single-part upload's bytes on most services. */
  etag: string;
  /** When it was written (epoch ms; listing only, 0 when the service does not say). */
  lastModified?: number;
}

export interface PutOptions {
  contentType: string;
  cacheControl?: string;
  /** Needed with a stream body: S3 wants the length up front for a single PUT. */
  contentLength?: number;
}

/** How long a connection may take to open, and a request to be answered, before it fails (ms); and tries per request. */
export interface BucketTimeouts {
  connectMs: number;
  requestMs: number;
  attempts: number;
}

/**
 * A bucket that drops packets must not hold an upload (or the back office's test) for minutes:
 * the SDK waits for ever by default.
 */
export const DEFAULT_BUCKET_TIMEOUTS: BucketTimeouts = { connectMs: 5_000, requestMs: 60_000, attempts: 2 };

export interface BucketOptions {
  /**
   * 'when-required': no flexible checksum on PUTs (the SDK's default for a STREAM body is an
   * aws-chunked body with a trailing CRC32, which s3rver stores verbatim and several
   * S3-compatible services refuse). For callers that check what was stored themselves (size and
   * MD5 ETag: backups). Default 'when-supported', the SDK's own.
   */
  checksums?: 'when-supported' | 'when-required';
}

function clientConfig(settings: S3Settings, timeouts: BucketTimeouts, options: BucketOptions): S3Sdk.S3ClientConfig {
  return {
    ...(options.checksums === 'when-required' ? { requestChecksumCalculation: 'WHEN_REQUIRED' as const, responseChecksumValidation: 'WHEN_REQUIRED' as const } : {}),
    requestHandler: { connectionTimeout: timeouts.connectMs, requestTimeout: timeouts.requestMs, throwOnRequestTimeout: true },
    region: settings.region || 'us-east-1',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    // A misconfigured endpoint must fail fast (the test button, an upload), not after the SDK's
    // default three tries with back-off.
    maxAttempts: timeouts.attempts,
  };
}

function unquote(etag: string | undefined): string {
  return (etag ?? '').replace(/^W\//, '').replace(/"/g, '');
}

/**
 * An error the service itself answered (the SDK's S3ServiceException and its subclasses), told by
 * its shape, so that telling it needs no SDK loaded.
 */
function isServiceError(error: unknown): error is Error & { $fault: string; $metadata: { httpStatusCode?: number } } {
  return error instanceof Error && typeof (error as { $fault?: unknown }).$fault === 'string' && typeof (error as { $metadata?: unknown }).$metadata === 'object';
}

/** Whether the service answered "no such object" (HEAD answers a bare 404 named NotFound). */
function isMissing(error: unknown): boolean {
  return isServiceError(error) && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

export class Bucket {
  private client: S3Sdk.S3Client | undefined;
  private destroyed = false;

  constructor(
    readonly settings: S3Settings,
    private readonly timeouts: BucketTimeouts = DEFAULT_BUCKET_TIMEOUTS,
    private readonly options: BucketOptions = {},
  ) {}

  /** The SDK and this bucket's client, both made on first use. */
  private async s3(): Promise<{ sdk: Sdk; client: S3Sdk.S3Client; getSignedUrl: GetSignedUrl }> {
    const { sdk, getSignedUrl } = await loadSdk();
    if (this.destroyed) throw new Error('bucket: used after destroy()');
    this.client ??= new sdk.S3Client(clientConfig(this.settings, this.timeouts, this.options));
    return { sdk, client: this.client, getSignedUrl };
  }

  get name(): string {
    return this.settings.bucket;
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<void> {
    const { sdk, client } = await this.s3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.name,
        Key: key,
        Body: body,
        ContentType: options.contentType,
        ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
        ...(options.contentLength !== undefined ? { ContentLength: options.contentLength } : Buffer.isBuffer(body) ? { ContentLength: body.length } : {}),
      }),
    );
  }

  /**
   * Stores a large file as one object in parts of `partBytes` (a multipart upload: S3 takes at
   * most 5 GiB in one PUT, and 10,000 parts). The object appears only when every part is in;
   * on any failure the upload is aborted (no parts left billed).
   */
  async putFileInParts(key: string, file: string, size: number, partBytes: number, options: Omit<PutOptions, 'contentLength'>): Promise<void> {
    const { sdk, client } = await this.s3();
    const created = await client.send(new sdk.CreateMultipartUploadCommand({ Bucket: this.name, Key: key, ContentType: options.contentType, ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}) }));
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error('multipart upload: the service answered no upload id');
    try {
      const parts: Array<{ ETag: string; PartNumber: number }> = [];
      for (let start = 0, number = 1; start < size; start += partBytes, number += 1) {
        const length = Math.min(partBytes, size - start);
        const body = createReadStream(file, { start, end: start + length - 1 });
        const answer = await client.send(new sdk.UploadPartCommand({ Bucket: this.name, Key: key, UploadId: uploadId, PartNumber: number, Body: body, ContentLength: length }));
        parts.push({ ETag: answer.ETag ?? '', PartNumber: number });
      }
      await client.send(new sdk.CompleteMultipartUploadCommand({ Bucket: this.name, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    } catch (error) {
      await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: this.name, Key: key, UploadId: uploadId })).catch(() => undefined);
      throw error;
    }
  }

  /** The object's size, ETag and type, or null when there is none under `key`. */
  async head(key: string): Promise<(ObjectInfo & { contentType: string; cacheControl: string }) | null> {
    const { sdk, client } = await this.s3();
    try {
      const answer = await client.send(new sdk.HeadObjectCommand({ Bucket: this.name, Key: key }));
      return { key, size: answer.ContentLength ?? 0, etag: unquote(answer.ETag), contentType: answer.ContentType ?? '', cacheControl: answer.CacheControl ?? '' };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The object's bytes as a stream and its size, or null when there is none under `key`. */
  async get(key: string): Promise<{ stream: Readable; size: number; etag: string } | null> {
    const { sdk, client } = await this.s3();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.name, Key: key }));
      const body = answer.Body;
      if (!body) return null;
      const stream = body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
      return { stream, size: answer.ContentLength ?? 0, etag: unquote(answer.ETag) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** The whole object, read into memory (small objects only: a probe, an image). */
  async read(key: string): Promise<Buffer | null> {
    const object = await this.get(key);
    if (!object) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of object.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  /** Every object whose key starts with `prefix`, page by page (1,000 a request). */
  async *list(prefix = ''): AsyncGenerator<ObjectInfo> {
    const { sdk, client } = await this.s3();
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.name, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, size: object.Size ?? 0, etag: unquote(object.ETag), lastModified: object.LastModified?.getTime() ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Removes `key` (no error when there is none: S3 answers 204 either way). */
  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.name, Key: key }));
  }

  /** A URL that reads `key` for `seconds` without credentials (a private bucket's object shown to a reader). */
  async signedGetUrl(key: string, seconds: number): Promise<string> {
    const { sdk, client, getSignedUrl } = await this.s3();
    return getSignedUrl(client, new sdk.GetObjectCommand({ Bucket: this.name, Key: key }), { expiresIn: seconds });
  }

  /** The object's address under the public bucket/CDN URL (`publicUrl`), or null when there is none. */
  publicUrlOf(key: string): string | null {
    const base = this.settings.publicUrl.replace(/\/+$/, '');
    return base ? `${base}/${key.split('/').map(encodeURIComponent).join('/')}` : null;
  }

  destroy(): void {
    this.destroyed = true;
    this.client?.destroy();
  }
}

/** Hex MD5 of bytes: what a single-part PUT's ETag is on S3 and most compatible services. */
export function md5Hex(body: Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/**
 * The MD5s of a stream's bytes as it passes: of the whole, and of each `partBytes` slice, which
 * give the ETag S3 answers for a multipart upload of it (the MD5 of the parts' MD5s, `-<count>`).
 */
export class PartDigests {
  private readonly whole = createHash('md5');
  private readonly parts: Buffer[] = [];
  private part = createHash('md5');
  private inPart = 0;

  constructor(readonly partBytes: number) {}

  update(chunk: Buffer): void {
    this.whole.update(chunk);
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(this.partBytes - this.inPart, chunk.length - offset);
      this.part.update(chunk.subarray(offset, offset + take));
      this.inPart += take;
      offset += take;
      if (this.inPart === this.partBytes) this.closePart();
    }
  }

  private closePart(): void {
    this.parts.push(this.part.digest());
    this.part = createHash('md5');
    this.inPart = 0;
  }

  /** Call once, after the last byte. */
  finish(): { md5: string; multipartEtag: string } {
    if (this.inPart > 0) this.closePart();
    return { md5: this.whole.digest('hex'), multipartEtag: `${createHash('md5').update(Buffer.concat(this.parts)).digest('hex')}-${this.parts.length}` };
  }
}

/** Whether an ETag is a plain MD5 (not a multipart `…-N` one, nor an encrypted object's opaque one). */
export function isMd5Etag(etag: string): boolean {
  return /^[0-9a-f]{32}$/.test(etag);
}

/**
 * What went wrong talking to the bucket, as a message key of the `objectStorage.error.*` family, and
 * the service's own words (its error code, or the network error's): the back office shows both.
 */
export function describeS3Error(error: unknown): { key: string; detail: string } {
  const detail = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 200);
  if (isServiceError(error)) {
    const status = error.$metadata.httpStatusCode;
    if (error.name === 'NoSuchBucket') return { key: 'objectStorage.error.noBucket', detail };
    if (['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidSecretAccessKey', 'AuthorizationHeaderMalformed'].includes(error.name)) return { key: 'objectStorage.error.credentials', detail };
    if (error.name === 'AccessDenied' || status === 403) return { key: 'objectStorage.error.denied', detail };
    if (error.name === 'PermanentRedirect' || error.name === 'IllegalLocationConstraintException' || status === 301) return { key: 'objectStorage.error.region', detail };
    return { key: 'objectStorage.error.service', detail };
  }
  const code = (error as { code?: string } | null)?.code ?? (error as { cause?: { code?: string } } | null)?.cause?.code;
  if (code && ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', 'CERT_HAS_EXPIRED', 'DEPTH_ZERO_SELF_SIGNED_CERT'].includes(code)) return { key: 'objectStorage.error.unreachable', detail };
  if (error instanceof Error && (error.name === 'TimeoutError' || /timed? ?out/i.test(error.message))) return { key: 'objectStorage.error.unreachable', detail };
  if (error instanceof Error && /credential/i.test(error.message)) return { key: 'objectStorage.error.credentials', detail };
  return { key: 'objectStorage.error.unreachable', detail };
}
