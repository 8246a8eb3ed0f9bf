import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '@/server/config';
import { isSafeKey, keyOfUrl } from './file-url';
import type { FileStore, PresignedPut } from './store';

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');

/** The client of the configured bucket (the store's, and the backup's listing and copying). */
export function createS3Client(s3: S3Settings): S3Client {
  return new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // A presigned PUT must not carry a checksum of an empty body; S3-compatible stores differ on checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Aliyun OSS with the S3 API...).
 * Objects are written with their type; callers get `<S3_PUBLIC_BASE_URL>/<key>`.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly s3: S3Settings) {
    this.client = createS3Client(s3);
  }

  private checked(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return key;
  }

  async put(key: string, data: Buffer, mime: string): Promise<string> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.s3.bucket,
        Key: this.checked(key),
        Body: data,
        ContentType: mime,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
    return this.urlFor(key);
  }

  async putFile(key: string, file: string, mime: string, size: number): Promise<string> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.s3.bucket,
          Key: this.checked(key),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: mime,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    } finally {
      await rm(file, { force: true });
    }
    return this.urlFor(key);
  }

  async size(key: string): Promise<number | null> {
    if (!isSafeKey(key)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.s3.bucket, Key: key }));
      return head.ContentLength ?? null;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.s3.bucket,
          Key: this.checked(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      .then((res) => {
        if (!res.Body) throw new Error(`empty object body for ${key}`);
        (res.Body as Readable).on('error', (err) => out.destroy(err)).pipe(out);
      })
      .catch((err: unknown) => out.destroy(err as Error));
    return out;
  }

  async head(key: string, bytes: number): Promise<Buffer | null> {
    if (!isSafeKey(key)) return null;
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.s3.bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
      );
      if (!res.Body) return Buffer.alloc(0);
      return Buffer.from(await res.Body.transformToByteArray()).subarray(0, bytes);
    } catch (err) {
      if (notFound(err)) return null;
      // An empty object has no byte 0: S3 answers 416.
      if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isSafeKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s3.bucket, Key: key }));
  }

  urlFor(key: string): string {
    return `${this.s3.publicBaseUrl}/${key}`;
  }

  keyOf(url: string): string | null {
    return keyOfUrl(url, `${this.s3.publicBaseUrl}/`);
  }

  private reachableUntil = 0;

  /** Signing needs no network, so the bucket is checked first (cached 30 s): a client is never sent to a store that is down. */
  private async ensureReachable(): Promise<void> {
    if (Date.now() < this.reachableUntil) return;
    await this.client.send(new HeadBucketCommand({ Bucket: this.s3.bucket }), {
      abortSignal: AbortSignal.timeout(3000),
    });
    this.reachableUntil = Date.now() + 30_000;
  }

  /** Signed for this one key, type and size: a PUT with other headers is refused by the store. */
  async presignPut(key: string, mime: string, size: number, expiresIn: number): Promise<PresignedPut> {
    await this.ensureReachable();
    const url = await getSignedUrl(
      this.client,
      new PutObjectCommand({ Bucket: this.s3.bucket, Key: this.checked(key), ContentType: mime, ContentLength: size }),
      { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) },
    );
    return { url, headers: { 'Content-Type': mime, 'Content-Length': String(size) }, expiresIn };
  }
}
