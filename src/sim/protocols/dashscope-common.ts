import sharp from 'sharp';
import type { SimDashScopeSizeRule } from '@/sim/channels';
import { HttpError, isRecord } from './http';

/** What DashScope's simulated endpoints share: the error body, JSON reading, unknown fields, input images. */

export const dsError = (status: number, code: string, message: string, requestId: string, headers = {}) =>
  new HttpError(status, { request_id: requestId, code, message }, headers);
export const invalid = (message: string, requestId: string) => dsError(400, 'InvalidParameter', message, requestId);

export function parseJson(body: Buffer, rid: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw invalid('The request body is not valid JSON.', rid);
  }
  if (!isRecord(value)) throw invalid('The request body must be a JSON object.', rid);
  return value;
}

export function unknownField(
  obj: Record<string, unknown>,
  allowed: ReadonlySet<string>,
  where: string,
  rid: string,
): void {
  for (const k of Object.keys(obj)) if (!allowed.has(k)) throw invalid(`Unknown parameter: ${where}${k}.`, rid);
}

/**
 * An input image: an http(s) URL (not fetched: null) or a `data:{mime};base64,` URI, decoded and checked;
 * anything else, or bytes that are no image, is refused naming `where`.
 */
export async function inputImage(
  item: unknown,
  where: string,
  rid: string,
): Promise<{ data: Buffer; width: number; height: number } | null> {
  if (typeof item !== 'string') throw invalid(`${where} must be a string.`, rid);
  if (/^https?:\/\//i.test(item)) return null;
  const data = /^data:image\/[a-z0-9.+-]+;base64,(.+)$/is.exec(item)?.[1];
  if (!data) throw invalid(`${where} must be a public URL or data:{MIME_type};base64,{data}.`, rid);
  const bytes = Buffer.from(data, 'base64');
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw invalid(`${where} could not be decoded as an image.`, rid);
  return { data: bytes, width: meta.width, height: meta.height };
}

/** Whether a size is within a model's rule (sides, pixels, aspect). */
export function ruleTakes(rule: SimDashScopeSizeRule, w: number, h: number): boolean {
  const long = Math.max(w, h);
  const short = Math.min(w, h);
  return (
    short >= (rule.min_side ?? 1) &&
    long <= (rule.max_side ?? Infinity) &&
    w * h >= (rule.min_pixels ?? 0) &&
    w * h <= (rule.max_pixels ?? Infinity) &&
    long / short <= (rule.max_aspect ?? Infinity) + 1e-9
  );
}
