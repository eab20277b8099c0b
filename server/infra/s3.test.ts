/**
 * The bucket helper's own rules, without a server: which cause an error names (the back office's
 * "Test connection" and the move command say it), public addresses, ETags. The talking to a real
 * S3 server is in server/modules/uploads/object-storage.test.ts.
 */
import { S3ServiceException } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { Bucket, describeS3Error, isMd5Etag, md5Hex, type S3Settings } from './s3';

function serviceError(name: string, status: number): S3ServiceException {
  return new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode: status }, message: `${name} said the service` });
}

const settings: S3Settings = { bucket: 'b', region: 'auto', endpoint: 'https://acc.r2.cloudflarestorage.com', accessKeyId: '', secretAccessKey: '', forcePathStyle: false, publicUrl: '', signedUrls: false };

describe('describeS3Error', () => {
  it('names the cause an admin can act on, with the service’s own words', () => {
    expect(describeS3Error(serviceError('NoSuchBucket', 404))).toEqual({ key: 'objectStorage.error.noBucket', detail: 'NoSuchBucket: NoSuchBucket said the service' });
    expect(describeS3Error(serviceError('InvalidAccessKeyId', 403)).key).toBe('objectStorage.error.credentials');
    expect(describeS3Error(serviceError('SignatureDoesNotMatch', 403)).key).toBe('objectStorage.error.credentials');
    expect(describeS3Error(serviceError('AccessDenied', 403)).key).toBe('objectStorage.error.denied');
    expect(describeS3Error(serviceError('PermanentRedirect', 301)).key).toBe('objectStorage.error.region');
    expect(describeS3Error(serviceError('InternalError', 500)).key).toBe('objectStorage.error.service');
    expect(describeS3Error(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' })).key).toBe('objectStorage.error.unreachable');
    expect(describeS3Error(new Error('Could not load credentials from any providers')).key).toBe('objectStorage.error.credentials');
    expect(describeS3Error(serviceError('X', 500)).detail.length).toBeLessThanOrEqual(200);
  });
});

describe('Bucket addresses and ETags', () => {
  it('puts a key under the public address with each segment encoded, and has none without one', () => {
    expect(new Bucket({ ...settings, publicUrl: 'https://cdn.example.com/files/' }).publicUrlOf('ab/cd/x y.png')).toBe('https://cdn.example.com/files/ab/cd/x%20y.png');
    expect(new Bucket(settings).publicUrlOf('ab/cd/x.png')).toBeNull();
  });

  it('knows a plain MD5 ETag from a multipart or encrypted one', () => {
    expect(isMd5Etag(md5Hex(Buffer.from('hello')))).toBe(true);
    expect(isMd5Etag('5d41402abc4b2a76b9719d911017c592-3')).toBe(false);
    expect(isMd5Etag('')).toBe(false);
  });
});
