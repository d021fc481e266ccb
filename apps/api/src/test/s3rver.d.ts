// s3rver ships no types; the tests use only this much of it.
declare module 's3rver' {
  export default class S3rver {
    constructor(opts: {
      port: number;
      address: string;
      silent: boolean;
      directory: string;
      configureBuckets: { name: string; configs: unknown[] }[];
    });
    run(): Promise<{ port: number; address: string }>;
    close(): Promise<void>;
  }
}
