import { createWriteStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import type { S3Settings } from '@/server/config';
import { createS3Client } from '@/server/storage/s3';
import { isSafeKey, mimeOfKey } from '@/server/storage/store';
import { BackupError, sha256File, type FileEntry } from './manifest';

/** Where files live: the data folder's `files/` or the bucket (as `createFileStore` decides). */
export type StoreTarget = { kind: 'local'; root: string } | { kind: 's3'; s3: S3Settings };

/** Copies run a few at a time: enough to hide a bucket's latency, few enough for a small machine. */
const PARALLEL = 8;

async function eachLimited<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, lane));
}

/** Keys of a local store's files; `.part` files are writes in progress, never referenced. */
async function localKeys(root: string, prefix = ''): Promise<string[]> {
  if (!existsSync(path.join(root, prefix))) return [];
  const keys: string[] = [];
  for (const entry of await readdir(path.join(root, prefix), { withFileTypes: true })) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) keys.push(...(await localKeys(root, key)));
    else if (entry.isFile() && !entry.name.endsWith('.part') && isSafeKey(key)) keys.push(key);
  }
  return keys;
}

async function bucketKeys(client: S3Client, bucket: string, max?: number): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token, ...(max ? { MaxKeys: max } : {}) }),
    );
    for (const object of page.Contents ?? []) if (object.Key && isSafeKey(object.Key)) keys.push(object.Key);
    token = page.IsTruncated && !max ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

async function entryOf(key: string, file: string): Promise<FileEntry> {
  return { key, size: (await stat(file)).size, sha256: await sha256File(file) };
}

/** Copies every file of the store into `into`, answering what was copied (sorted by key). */
export async function copyStoreOut(store: StoreTarget, into: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  const client = store.kind === 's3' ? createS3Client(store.s3) : null;
  const keys =
    store.kind === 'local' ? await localKeys(store.root) : await bucketKeys(client as S3Client, store.s3.bucket);
  await eachLimited(keys, async (key) => {
    const target = path.join(into, key);
    await mkdir(path.dirname(target), { recursive: true });
    if (store.kind === 'local') {
      try {
        await copyFile(path.join(store.root, key), target);
      } catch (err) {
        // Deleted since it was listed (a job or upload removed after the snapshot): nothing to keep.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
    } else {
      const res = await (client as S3Client).send(new GetObjectCommand({ Bucket: store.s3.bucket, Key: key }));
      await pipeline(res.Body as Readable, createWriteStream(target));
    }
    entries.push(await entryOf(key, target));
  });
  client?.destroy();
  return entries.sort((a, b) => a.key.localeCompare(b.key));
}

export async function checkStoreEmpty(store: StoreTarget): Promise<void> {
  if (store.kind === 'local') {
    if ((await localKeys(store.root)).length > 0)
      throw new BackupError(
        `${store.root} already holds files. A restore goes into an empty store: point STUDIO_DATA_DIR at a new folder.`,
      );
    return;
  }
  const client = createS3Client(store.s3);
  try {
    if ((await bucketKeys(client, store.s3.bucket, 1)).length > 0)
      throw new BackupError(
        `The bucket ${store.s3.bucket} is not empty. A restore goes into an empty store: create a new bucket and set S3_BUCKET to it.`,
      );
  } finally {
    client.destroy();
  }
}

/**
 * Puts the backup's files into the store and answers what the store then holds of them (read back:
 * checksums for a folder, sizes for a bucket), for the caller to compare with the manifest.
 */
export async function copyStoreIn(store: StoreTarget, from: string, entries: FileEntry[]): Promise<FileEntry[]> {
  const back: FileEntry[] = [];
  const client = store.kind === 's3' ? createS3Client(store.s3) : null;
  await eachLimited(entries, async (entry) => {
    const source = path.join(from, entry.key);
    if (store.kind === 'local') {
      const target = path.join(store.root, entry.key);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(source, target);
      back.push(await entryOf(entry.key, target));
      return;
    }
    await (client as S3Client).send(
      new PutObjectCommand({
        Bucket: store.s3.bucket,
        Key: entry.key,
        Body: createReadStream(source),
        ContentLength: entry.size,
        ContentType: mimeOfKey(entry.key),
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  });
  if (client && store.kind === 's3') {
    // A bucket is read back by listing: every key with its size.
    const listed = new Set(await bucketKeys(client, store.s3.bucket));
    back.push(...entries.filter((e) => listed.has(e.key)));
    client.destroy();
  }
  return back;
}
