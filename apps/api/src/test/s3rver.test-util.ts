/// <reference path="./s3rver.d.ts" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3ClientConfig } from '../storage/s3';

/**
 * An S3-compatible server (s3rver, files in a temp folder) on 127.0.0.1 for the S3 storage
 * backend's tests, with the environment an API process needs to use it.
 */
export interface TestS3 {
  port: number;
  bucket: string;
  env: Record<string, string>;
  client(): S3Client;
  close(): Promise<void>;
}

export async function startS3rver(bucket = 'portal-files'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const addr = (await server.run()) as { port: number };
  const env = {
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${addr.port}`,
    S3_FORCE_PATH_STYLE: '1',
  };
  return {
    port: addr.port,
    bucket,
    env,
    client: () => new S3Client(s3ClientConfig(env)),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
