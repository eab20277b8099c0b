/**
 * Reads the one image file of a multipart request (POST upload, POST user/update_avatar) with
 * @fastify/multipart's registered 5 MB `fileSize` limit: a stream past it is 413 (errorCode 10)
 * and is never read whole; no file, another field or an empty file is a field error.
 */
import type { FastifyRequest } from 'fastify';
import { errors } from '../../http/errors';
import { tooLarge } from './uploads.service';

function isFileTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';
}

export async function readImagePart(request: FastifyRequest, field: string): Promise<{ buffer: Buffer; filename: string | undefined }> {
  if (!request.isMultipart()) throw errors.validation({ [field]: 'upload.missingFile' });
  const part = await request.file();
  if (!part || part.fieldname !== field) {
    part?.file.resume(); // drain an unexpected file so the request can finish
    throw errors.validation({ [field]: 'upload.missingFile' });
  }
  let buffer: Buffer;
  try {
    // Throws once the stream passes the registered fileSize limit; nothing more is kept.
    buffer = await part.toBuffer();
  } catch (error) {
    if (isFileTooLarge(error)) throw tooLarge();
    throw error;
  }
  if (part.file.truncated) throw tooLarge();
  if (buffer.length === 0) throw errors.validation({ [field]: 'upload.missingFile' });
  return { buffer, filename: part.filename };
}
