/**
 * Reads the one image file of a multipart request (POST upload, POST user/update_avatar) with
 * @fastify/multipart's registered 5 MB `fileSize` limit: a stream past it is 413 (errorCode 10)
 * and is never read whole; no file, another field or an empty file is a field error, and so is
 * a body that is not well-formed multipart (no boundary, cut off before its end, a broken part
 * header): the client sent it, so 400 with errorCode 5 on the field, not a 500.
 */
import type { FastifyRequest } from 'fastify';
import { IMAGE_MAX_MB } from '../../common/rich-text/policy';
import { AppError, errors } from '../infra/errors';
import type { UploadSource } from '../kernel/actions';

/** 413 naming the limit in megabytes (the site's own, else the transport's 5 MB). */
function tooLarge(mb = IMAGE_MAX_MB): AppError {
  return errors.payloadTooLarge('upload.tooLarge', { mb });
}

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
}

/** The multipart plugin's own limits (parts, files, fields): 413 through the error handler. */
const PLUGIN_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * What a failure to read the body becomes. Everything but a limit comes from the body itself:
 * busboy's "Boundary not found", "Unexpected end of form", "Malformed part header", a part
 * terminated early, the request closed before its end.
 */
function readFailure(request: FastifyRequest, field: string, error: unknown, mb: number | undefined): unknown {
  const code = codeOf(error);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(mb);
  if (typeof code === 'string' && PLUGIN_LIMITS.has(code)) return error;
  request.log.info({ err: error }, 'malformed multipart body refused');
  return errors.validation({ [field]: 'upload.malformed' });
}

/** `limit`: the site's lower size limit (setting `uploadLimits.maxMb`), else the registered 5 MB. */
export async function readImagePart(request: FastifyRequest, field: string, limit?: { maxBytes: number; mb: number }): Promise<{ buffer: Buffer; filename: string | undefined }> {
  if (!request.isMultipart()) throw errors.validation({ [field]: 'upload.missingFile' });
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  let buffer: Buffer;
  try {
    part = await request.file(limit ? { limits: { fileSize: limit.maxBytes } } : undefined);
    if (!part || part.fieldname !== field) {
      part?.file.resume(); // drain an unexpected file so the request can finish
      throw errors.validation({ [field]: 'upload.missingFile' });
    }
    // Throws once the stream passes the registered fileSize limit; nothing more is kept.
    buffer = await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw readFailure(request, field, error, limit?.mb);
  }
  if (part.file.truncated) throw tooLarge(limit?.mb);
  if (buffer.length === 0) throw errors.validation({ [field]: 'upload.missingFile' });
  return { buffer, filename: part.filename };
}

/** A request's file part as an action's `upload` (the contract names the field). */
export function uploadSourceOf(request: FastifyRequest, field: string): UploadSource {
  return { isMultipart: request.isMultipart(), read: (limit) => readImagePart(request, field, limit) };
}
