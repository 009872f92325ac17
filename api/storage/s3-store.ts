import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { imageContentType } from './content-types';
import { checkedKey, isWorkFile, type ObjectInfo, type ObjectStore } from './object-store';

export type S3Location = { bucket: string; prefix: string };

export type S3Settings = S3Location & {
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/** s3://bucket/some/prefix → { bucket, prefix: 'some/prefix/' }; null for anything else. */
export function parseS3Url(url: string): S3Location | null {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) return null;
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((s) => s === '.' || s === '..') || prefix.includes('//')) return null;
  return { bucket: match[1], prefix: prefix ? `${prefix}/` : '' };
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Without keys the SDK's own chain applies (environment, instance role), as operators of AWS expect.
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Stored files in an S3-compatible bucket (AWS S3, MinIO, R2...) through the official SDK. Every key is checked
 * like a local path and put under the configured prefix, so nothing outside the prefix can be named, even on
 * stores that normalize `..` in keys.
 */
export function s3ObjectStore(client: S3Client, location: S3Location): ObjectStore {
  const { bucket, prefix } = location;
  const keyOf = (key: string) => prefix + checkedKey('s3ObjectStore', key);
  const head = async (key: string): Promise<ObjectInfo | null> => {
    try {
      const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
      return { size: res.ContentLength ?? 0, etag: res.ETag ?? `"${(res.ContentLength ?? 0).toString(36)}"` };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };
  return {
    kind: 's3',
    async put(key, data) {
      // One PutObject is atomic: readers see the old object, none, or the whole new one.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(key),
          Body: data,
          ContentType: imageContentType(key) ?? 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        const data = Buffer.from(await res.Body!.transformToByteArray());
        return { data, size: data.length, etag: res.ETag ?? `"${data.length.toString(36)}"` };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    head,
    has: async (key) => (await head(key)) !== null,
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
    async list(listPrefix) {
      const folder = listPrefix.replace(/\/+$/, '');
      const full = prefix + (folder ? `${checkedKey('s3ObjectStore', folder)}/` : '');
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: full })) {
        for (const item of page.Contents ?? []) {
          if (item.Key && !isWorkFile(item.Key)) keys.push(item.Key.slice(prefix.length));
        }
      }
      return keys;
    },
    async check() {
      // HeadBucket needs only the keys' read access, and says at once whether the bucket exists and they open it.
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
}
