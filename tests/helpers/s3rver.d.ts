/** The few parts of s3rver (no bundled types) the tests use: an in-process S3-protocol server. */
declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { AddressInfo } from 'node:net';

  type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  };
  /** One notification per write, shaped like S3's event records. */
  export type S3rverEvent = {
    Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[];
  };

  export default class S3rver extends EventEmitter {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
