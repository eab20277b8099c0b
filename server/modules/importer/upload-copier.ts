/**
 * The images of the old forum (issue 33): an address in imported content that points at bbs-go's
 * uploads is copied into this site's storage (uploads.api `storeImage`: verified, re-encoded,
 * sized, as an upload here is) and rewritten to its `/uploads/…` address. bbs-go serves local
 * uploads under `/res/uploads/<key>` (its respath.UploadsURLPrefix); `--uploads` names where the
 * files are now: bbs-go's upload directory, or a base URL they are served from (the old site, a
 * bucket). An image that cannot be read or is no image stays as it was and is reported.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the old uploads are read from. */
export type UploadOrigin = { dir: string } | { baseUrl: string };

/** `--uploads` as given: a URL when it has a scheme, else a directory. */
export function uploadOriginOf(value: string | undefined): UploadOrigin | null {
  if (!value) return null;
  return /^https?:\/\//i.test(value) ? { baseUrl: value.endsWith('/') ? value : `${value}/` } : { dir: path.resolve(value) };
}

const BBS_GO_PREFIX = '/res/uploads/';
/** An address of a bbs-go upload: site-relative or on any host, up to a quote, bracket or space. */
const OLD_UPLOAD = /(?:https?:\/\/[^\s"'()<>[\]]+?)?\/res\/uploads\/[^\s"'()<>[\]]+/g;

export interface UploadFailure {
  url: string;
  reason: string;
}

/** Stores image bytes here; answers the stored image's address. */
export type StoreImage = (bytes: Buffer, name: string) => Promise<string>;

export class UploadCopier {
  private readonly copied = new Map<string, string | null>();
  readonly failures: UploadFailure[] = [];
  found = 0;
  stored = 0;

  constructor(
    private readonly origin: UploadOrigin | null,
    private readonly store: StoreImage,
    /** A dry run reads each image but stores nothing. */
    private readonly dryRun: boolean,
    private readonly timeoutMs = 15_000,
  ) {}

  /**
   * Every old upload address in a text, rewritten where it was copied. One pass over the matches,
   * so a site-relative address is never replaced inside a longer absolute one.
   */
  async rewrite(text: string): Promise<string> {
    if (!text) return text;
    const pattern = this.pattern();
    const copies = new Map<string, string | null>();
    for (const url of new Set(text.match(pattern) ?? [])) copies.set(url, await this.copy(url));
    return text.replace(pattern, (url) => copies.get(url) ?? url);
  }

  /** One address: the copy's address here, or null (not an old upload, or unreachable). */
  async copy(url: string): Promise<string | null> {
    const key = this.keyOf(url);
    if (key === null) return null;
    const known = this.copied.get(url);
    if (known !== undefined) return known;
    this.found++;
    let result: string | null = null;
    try {
      if (!this.origin) throw new Error('no --uploads given: the file was not looked for');
      const bytes = await this.read(key);
      result = this.dryRun ? url : await this.store(bytes, path.posix.basename(key));
      this.stored++;
    } catch (error) {
      this.failures.push({ url, reason: error instanceof Error ? error.message : String(error) });
    }
    this.copied.set(url, result);
    return result;
  }

  /** The old upload addresses: bbs-go's `/res/uploads/` on any host, and a bucket or CDN base URL's own. */
  private pattern(): RegExp {
    if (this.origin && 'baseUrl' in this.origin && !this.origin.baseUrl.includes(BBS_GO_PREFIX)) {
      const base = this.origin.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return new RegExp(`${OLD_UPLOAD.source}|${base}[^\\s"'()<>[\\]]+`, 'g');
    }
    return new RegExp(OLD_UPLOAD.source, 'g');
  }

  /** The file's key under the upload root: what follows /res/uploads/ (or the base URL). */
  private keyOf(url: string): string | null {
    if (this.origin && 'baseUrl' in this.origin && url.startsWith(this.origin.baseUrl)) return url.slice(this.origin.baseUrl.length);
    const at = url.indexOf(BBS_GO_PREFIX);
    return at < 0 ? null : url.slice(at + BBS_GO_PREFIX.length);
  }

  private async read(key: string): Promise<Buffer> {
    const clean = decodeURIComponent(key.split(/[?#]/)[0] ?? '');
    if (clean.split('/').some((part) => part === '..' || part === '')) throw new Error('unsafe path');
    if (this.origin && 'dir' in this.origin) return readFile(path.join(this.origin.dir, ...clean.split('/')));
    const base = (this.origin as { baseUrl: string }).baseUrl;
    const response = await fetch(new URL(clean, base), { signal: AbortSignal.timeout(this.timeoutMs) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  }
}
