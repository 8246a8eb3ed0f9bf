import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { Lru } from './lru';
import type { SimImageFormat, SimImageQuality } from '@/sim/channels';
import { mulberry32 } from '@/lib/random';
import pLimit from 'p-limit';

/**
 * Deterministic image rendering for the simulator's image channels. The picture is derived
 * only from the request (prompt, size, quality, variant, reference images), so the same
 * request always yields byte-identical output, and results are cached in a bounded LRU.
 */

/** Prompts longer than this are not drawn into simulated images. */
export const MAX_CAPTION_CHARS = 200;

export interface RenderRequest {
  prompt: string;
  width: number;
  height: number;
  format: SimImageFormat;
  /** Background alpha 0 everywhere outside the subject; only meaningful for png/webp. */
  transparent: boolean;
  quality: SimImageQuality | null;
  /** Index within an `n > 1` request, so the images of one request differ. */
  variant: number;
  /** Reference images (edits); shown as tiles and part of the cache key. */
  references: Buffer[];
  /** 0..100 for jpeg/webp. */
  compression: number | null;
}

export class InvalidImageError extends Error {
  constructor(readonly index: number) {
    super(`reference image ${index + 1} is not a decodable image`);
  }
}

const cache = new Lru<string, Buffer>(400, 256 * 1024 * 1024, (b) => b.length);
const inFlight = new Map<string, Promise<Buffer>>();

/** libvips already parallelises inside one image; bounding whole renders keeps memory flat under bursts. */
const maxConcurrent = Math.max(2, availableParallelism());
/** Runs a render in one of the bounded slots; shared by every simulator drawing (images, posters). */
export const withRenderSlot = pLimit(maxConcurrent);

function cacheKey(req: RenderRequest): string {
  const h = createHash('sha256');
  h.update(
    JSON.stringify([
      req.prompt,
      req.width,
      req.height,
      req.format,
      req.transparent,
      req.quality,
      req.variant,
      req.compression,
    ]),
  );
  for (const ref of req.references) h.update(createHash('sha256').update(ref).digest());
  return h.digest('hex');
}

export function renderImage(req: RenderRequest): Promise<Buffer> {
  const key = cacheKey(req);
  const hit = cache.get(key);
  if (hit) return Promise.resolve(hit);
  const pending = inFlight.get(key);
  if (pending) return pending;
  const job = withRenderSlot(() => draw(req))
    .then((buf) => {
      cache.set(key, buf);
      return buf;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, job);
  return job;
}

/** Pixels the simulator decodes of one reference image, as a real service bounds its input. */
const MAX_REFERENCE_PIXELS = 8192 * 8192;

/**
 * Rejects with {@link InvalidImageError} naming the first reference that does not decode: a header
 * alone is not enough, every pixel is read, so a cut-off or damaged file is refused like the real API does.
 */
export async function checkImages(images: Buffer[]): Promise<void> {
  for (const [index, img] of images.entries()) {
    try {
      const meta = await sharp(img).metadata();
      if (!meta.width || !meta.height) throw new Error('no dimensions');
      await sharp(img, { failOn: 'error', limitInputPixels: MAX_REFERENCE_PIXELS, sequentialRead: true }).stats();
    } catch {
      throw new InvalidImageError(index);
    }
  }
}

export function clearRenderCache(): void {
  cache.clear();
}

/** Seeded from the request hash, so the same request draws the same picture. */
const prng = mulberry32;

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(h) % 360},${Math.round(s)}%,${Math.round(l)}%)`;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Drops characters XML 1.0 cannot carry (controls, unpaired surrogates, U+FFFE/U+FFFF). */
function xmlSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const control = cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d;
    const loneSurrogate = cp >= 0xd800 && cp <= 0xdfff;
    if (!control && !loneSurrogate && cp !== 0x7f && cp !== 0xfffe && cp !== 0xffff) out += ch;
  }
  return out;
}

/** Wide (CJK and similar) characters take about twice the width of Latin ones. */
function charWidth(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  return cp >= 0x1100 ? 2 : 1;
}

function wrap(text: string, maxUnits: number, maxLines: number): string[] {
  const clean = xmlSafe(text).replace(/\s+/g, ' ').trim();
  const lines: string[] = [];
  let line = '';
  let units = 0;
  for (const ch of clean) {
    const w = charWidth(ch);
    if (units + w > maxUnits) {
      lines.push(line);
      if (lines.length === maxLines) break;
      line = ch === ' ' ? '' : ch;
      units = line ? w : 0;
      continue;
    }
    line += ch;
    units += w;
  }
  if (lines.length < maxLines && line) lines.push(line);
  const consumed = lines.join('').replace(/ /g, '').length;
  if (consumed < clean.replace(/ /g, '').length && lines.length > 0) {
    const last = lines[lines.length - 1] ?? '';
    lines[lines.length - 1] = `${[...last].slice(0, Math.max(0, [...last].length - 1)).join('')}…`;
  }
  return lines;
}

const SHAPES_BY_QUALITY: Record<SimImageQuality | 'none', number> = { low: 4, medium: 7, high: 12, none: 6 };

function buildSvg(req: RenderRequest, rnd: () => number): string {
  const { width: w, height: h } = req;
  const min = Math.min(w, h);
  const hue = rnd() * 360;
  const hue2 = hue + 40 + rnd() * 140;
  const mid = 0.3 + rnd() * 0.4;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`);
  parts.push(
    // A vertical gradient: cairo fills it row by row, several times faster than a diagonal one.
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="${hsl(hue, 65, 62)}"/><stop offset="${mid.toFixed(3)}" stop-color="${hsl((hue + hue2) / 2, 60, 52)}"/>` +
      `<stop offset="1" stop-color="${hsl(hue2, 70, 38)}"/></linearGradient></defs>`,
  );
  if (!req.transparent) parts.push(`<rect width="${w}" height="${h}" fill="url(#bg)"/>`);

  // The subject: a large central disc plus quality-dependent shapes, all fully opaque so a
  // transparent render has a crisp alpha=255 subject on an alpha=0 background.
  const cx = w / 2;
  const cy = h * 0.42;
  parts.push(`<circle cx="${cx}" cy="${cy}" r="${Math.round(min * 0.26)}" fill="${hsl(hue + 180, 60, 55)}"/>`);
  const count = SHAPES_BY_QUALITY[req.quality ?? 'none'];
  for (let i = 0; i < count; i += 1) {
    const x = Math.round(cx + (rnd() - 0.5) * min * 0.6);
    const y = Math.round(cy + (rnd() - 0.5) * min * 0.6);
    const s = Math.round(min * (0.05 + rnd() * 0.12));
    const fill = hsl(hue + rnd() * 360, 55 + rnd() * 30, 35 + rnd() * 40);
    const kind = Math.floor(rnd() * 3);
    if (kind === 0) parts.push(`<circle cx="${x}" cy="${y}" r="${s}" fill="${fill}"/>`);
    else if (kind === 1)
      parts.push(
        `<rect x="${x - s}" y="${y - s}" width="${s * 2}" height="${s * 2}" rx="${Math.round(s / 4)}" fill="${fill}"/>`,
      );
    else parts.push(`<polygon points="${x},${y - s} ${x + s},${y + s} ${x - s},${y + s}" fill="${fill}"/>`);
  }

  const fontSize = Math.max(12, Math.round(min / 22));
  const maxUnits = Math.max(8, Math.floor((w * 0.84) / (fontSize * 0.6)));
  // Short prompts are drawn so a result shows what reached the model; long ones (recipes such as
  // skills, whose text a service may keep private) only by their length.
  const caption =
    [...req.prompt].length <= MAX_CAPTION_CHARS ? req.prompt : `prompt · ${[...req.prompt].length} characters`;
  const lines = wrap(caption, maxUnits, 4);
  if (lines.length > 0) {
    const lineHeight = Math.round(fontSize * 1.3);
    const panelH = lineHeight * lines.length + fontSize;
    const panelY = Math.round(h - panelH - min * 0.06);
    parts.push(
      `<rect x="${Math.round(w * 0.05)}" y="${panelY}" width="${Math.round(w * 0.9)}" height="${panelH}" rx="${Math.round(fontSize / 2)}" fill="#101418"/>`,
    );
    parts.push(`<text font-family="sans-serif" font-size="${fontSize}" fill="#f4f6f8">`);
    lines.forEach((line, i) => {
      const y = panelY + Math.round(fontSize * 0.5) + lineHeight * (i + 1) - Math.round(lineHeight * 0.25);
      parts.push(`<tspan x="${Math.round(w * 0.08)}" y="${y}">${escapeXml(line)}</tspan>`);
    });
    parts.push('</text>');
  }
  const labelSize = Math.max(10, Math.round(min / 40));
  parts.push(
    `<rect x="${Math.round(min * 0.03)}" y="${Math.round(min * 0.03)}" width="${labelSize * 11}" height="${Math.round(labelSize * 1.6)}" fill="#101418"/>`,
  );
  parts.push(
    `<text x="${Math.round(min * 0.03 + labelSize * 0.5)}" ` +
      `y="${Math.round(min * 0.03 + labelSize * 1.2)}" font-family="sans-serif" font-size="${labelSize}" ` +
      `fill="#f4f6f8">STUDIO SIMULATOR</text>`,
  );
  parts.push('</svg>');
  return parts.join('');
}

async function draw(req: RenderRequest): Promise<Buffer> {
  const seed = createHash('sha256').update(cacheKey(req)).digest().readUInt32BE(0);
  const rnd = prng(seed);
  let img = sharp(Buffer.from(buildSvg(req, rnd)), { density: 72 });

  if (req.references.length > 0) {
    const min = Math.min(req.width, req.height);
    const tile = Math.max(32, Math.round(min / 5));
    const shown = req.references.slice(0, 4);
    const tiles = await Promise.all(
      shown.map(async (ref, index) => {
        try {
          return await sharp(ref)
            .resize(tile, tile, { fit: 'cover' })
            .flatten({ background: '#ffffff' })
            .extend({ top: 3, bottom: 3, left: 3, right: 3, background: '#ffffff' })
            .png()
            .toBuffer();
        } catch {
          throw new InvalidImageError(index);
        }
      }),
    );
    const margin = Math.round(min * 0.03);
    const top = Math.round(min * 0.03 + Math.max(10, Math.round(min / 40)) * 2.2);
    // Composite needs a materialised base because the SVG input is lazily rasterised.
    const base = await img.png().toBuffer();
    img = sharp(base).composite(tiles.map((input, i) => ({ input, left: margin + i * (tile + 12), top })));
  }

  const compression = req.compression ?? null;
  switch (req.format) {
    case 'jpeg':
      return img
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: compression ?? 85, mozjpeg: false })
        .toBuffer();
    case 'webp':
      return (req.transparent ? img.ensureAlpha() : img.removeAlpha()).webp({ quality: compression ?? 85 }).toBuffer();
    case 'png':
      return (req.transparent ? img.ensureAlpha() : img.removeAlpha())
        .png({ compressionLevel: 4, adaptiveFiltering: false })
        .toBuffer();
  }
}
