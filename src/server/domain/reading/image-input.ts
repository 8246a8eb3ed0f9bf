import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { READ_IMAGE_FORMATS, READ_IMAGE_MAX_BYTES } from '@/contracts/reading';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { safeFetch } from '@/server/net/outbound';
import type { FileStore } from '@/server/storage/store';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { badRequest, declared } from '@/server/errors';
import { ownHosts } from '@/server/domain/callbacks/address';
import { checkOwnFiles } from '@/server/domain/jobs/submit-inputs';
import { detectType } from '@/server/domain/uploads/file-types';
import { imageProblem } from '@/server/domain/uploads/image-check';

/** What reading the image of `/api/reverse` and `/api/image-to-template` answers besides success. */
export const IMAGE_INPUT_ERRORS = [
  declared(
    'BAD_REQUEST',
    'No image or both, an unknown parameter, not png/jpg/webp by its bytes, over 6 MB, not decoding, or an address refused or not answering with an image',
  ),
  declared('PAYLOAD_TOO_LARGE', 'The body is larger than the server accepts'),
  declared('UNSUPPORTED_MEDIA_TYPE', 'Neither JSON nor multipart/form-data'),
];

/**
 * The image of `/api/reverse` and `/api/image-to-template`: exactly one of an address or an uploaded
 * file; png, jpg or webp by its bytes, at most 6 MB, decoding in full. An address on Studio's own file
 * host is read from the store (and must be the caller's file); any other goes through `safeFetch`
 * (public addresses only, the connection pinned to the vetted address, redirects vetted again, the
 * size cap enforced while reading, a short deadline).
 */

export interface ImageSource {
  url?: string;
  file?: Buffer;
}

export interface ReadImage {
  data: Buffer;
  mime: string;
  width: number;
  height: number;
}

export interface ImageInputDeps {
  db: Db;
  files: FileStore;
  config: Pick<Config, 'publicBaseUrl' | 'imageHost' | 'port'>;
}

const MB = 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;
const MIMES: Record<(typeof READ_IMAGE_FORMATS)[number], string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

const tooLarge = () =>
  badRequest(`image: larger than ${READ_IMAGE_MAX_BYTES / MB} MB; send a smaller png, jpg or webp`);

async function fetchImage(deps: ImageInputDeps, who: ScopedIdentity, url: string): Promise<Buffer> {
  const key = deps.files.keyOf(url);
  if (key) {
    await checkOwnFiles(deps, who, [{ field: ['image_url'], url }]);
    const size = await deps.files.size(key);
    if (size !== null && size > READ_IMAGE_MAX_BYTES) throw tooLarge();
    if (size === null) throw badRequest('image_url: the file is no longer there');
    return buffer(deps.files.read(key));
  }
  const got = await safeFetch(url, {
    timeoutMs: FETCH_TIMEOUT_MS,
    maxBytes: READ_IMAGE_MAX_BYTES,
    maxRedirects: 3,
    ownHosts: ownHosts(deps.config),
  });
  if (!got.ok) {
    switch (got.error) {
      case 'refused':
        throw badRequest(`image_url: ${got.reason}; give a public http(s) address or upload the file`);
      case 'too_large':
        throw tooLarge();
      case 'timeout':
        throw badRequest(`image_url: the address did not answer within ${FETCH_TIMEOUT_MS / 1000} s`);
      default:
        throw badRequest(`image_url: the image could not be fetched (${got.reason})`);
    }
  }
  if (got.status !== 200) throw badRequest(`image_url: the address answered HTTP ${got.status}, not an image`);
  return Buffer.from(got.body);
}

/** Exactly one of an address or a file, else 400: checked before anything is counted or fetched. */
export function requireOneSource(source: ImageSource): void {
  const given = (source.url !== undefined ? 1 : 0) + (source.file !== undefined ? 1 : 0);
  if (given !== 1) {
    throw badRequest(
      given === 0
        ? 'Give the image: image_url in a JSON body, or a multipart field named "file"'
        : 'Give either image_url or a file, not both',
    );
  }
}

/** Reads, checks and measures the image of a request. Every refusal is a 400 naming the fault. */
export async function readImageInput(
  deps: ImageInputDeps,
  who: ScopedIdentity,
  source: ImageSource,
): Promise<ReadImage> {
  requireOneSource(source);
  const data = source.file ?? (await fetchImage(deps, who, source.url ?? ''));
  if (data.length === 0) throw badRequest('image: the file is empty');
  if (data.length > READ_IMAGE_MAX_BYTES) throw tooLarge();
  const type = await detectType(data.subarray(0, 4100));
  const format = READ_IMAGE_FORMATS.find((f) => f === type?.ext);
  if (!type || !format) {
    throw badRequest(
      `image: ${type ? `a ${type.ext} file` : 'not a recognised image'}; only png, jpg or webp are read (decided from the bytes, not the name)`,
    );
  }
  const problem = await imageProblem(data, type, who.tenantId);
  if (problem) throw badRequest(`image: not a valid image: ${problem}`);
  const meta = await sharp(data).metadata();
  return { data, mime: MIMES[format], width: meta.width ?? 1, height: meta.height ?? 1 };
}
