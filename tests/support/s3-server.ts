/**
 * A real S3-protocol server for the tests (the npm `s3rver`: S3's REST API and XML answers and
 * errors, objects on disk, presigned URLs and their expiry), started in the test process on a
 * random local port with its own directory and one bucket. Its one access key is `S3RVER`: any
 * other key ID is refused as S3 does (InvalidAccessKeyId). It does not check a SigV4 signature
 * itself, so a wrong secret key is not caught by it: tests of refused credentials use a wrong
 * key ID. The test process must not block (a synchronous child process would hang it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/infra/s3';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** Settings that reach the bucket (path style, the server's credentials). */
  settings: S3Settings;
  /** The same as S3_* variables for `loadConfig`. */
  env: Record<string, string>;
  /** HTTP requests the server has received so far (who reached the bucket at all). */
  requests(): number;
  close(): Promise<void>;
}

export const S3RVER_KEY = 'S3RVER';

export async function startLocalS3(bucket = 'sabai-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'sabai-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  let requests = 0;
  server.httpServer.on('request', () => {
    requests += 1;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = { bucket, region: 'us-east-1', endpoint, accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY, forcePathStyle: true, publicUrl: '', signedUrls: false };
  return {
    endpoint,
    bucket,
    settings,
    env: { S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: S3RVER_KEY, S3_SECRET_ACCESS_KEY: S3RVER_KEY, S3_FORCE_PATH_STYLE: 'true' },
    requests: () => requests,
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
