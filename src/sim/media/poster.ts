import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { z } from 'zod';
import { withRenderSlot } from './render';

/**
 * Posters with known text, for tests of image reading. `renderPoster` draws each text layer where
 * the spec says and embeds the layers it drew in the PNG itself (a `tEXt` chunk with the keyword
 * {@link POSTER_CHUNK_KEYWORD}), so the simulated vision model can read them back exactly from the
 * image it is sent: a test knows the right answer without any OCR.
 */

/** Keyword of the PNG `tEXt` chunk that carries a poster's layers. */
export const POSTER_CHUNK_KEYWORD = 'studio-sim-layers';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
/** A CSS colour that cannot break out of an SVG attribute: names, hex, rgb()/hsl() notations. */
const CSS_COLOR = /^(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(?:rgb|rgba|hsl|hsla)\([0-9.,%\s/-]{1,60}\))$/;
/** Characters a drawn text may not hold: controls (line breaks included), lone surrogates, U+FFFE/U+FFFF. */
// eslint-disable-next-line no-control-regex
const UNDRAWABLE = /[\u0000-\u001f\u007f\ud800-\udfff\ufffe\uffff]/u;

const label = z.string().min(1).max(40);

const posterLayerSchema = z.strictObject({
  role: label,
  text: z
    .string()
    .refine((t) => [...t].length >= 1 && [...t].length <= 200, 'text must be 1 to 200 characters')
    .refine((t) => !UNDRAWABLE.test(t), 'text must be one line without control characters'),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  size_ratio: z.number().min(0.005).max(0.5),
  color: z.string().regex(HEX_COLOR, "color must be '#RRGGBB'"),
  font_weight: z.number().int().min(1).max(1000).optional(),
  alignment: z.enum(['left', 'center', 'right']).optional(),
  font_category: label.optional(),
  treatment: label.optional(),
});

const posterSpecSchema = z.strictObject({
  width: z.number().int().min(16).max(4096),
  height: z.number().int().min(16).max(4096),
  background: z.string().regex(CSS_COLOR, 'background must be a CSS colour (#hex, a name, rgb() or hsl())').optional(),
  layers: z.array(posterLayerSchema).min(1).max(40),
});

/** One text to draw: (x, y) in 0..1 of the canvas is the centre of its box, font size = `size_ratio` × width. */
export type PosterLayer = z.infer<typeof posterLayerSchema>;
/** What {@link renderPoster} draws; `background` is any CSS colour (default: a fixed warm gradient). */
export type PosterSpec = z.infer<typeof posterSpecSchema>;

/** A drawn layer as embedded in the PNG and as image reading reports it (Studio's text layer shape). */
export interface PosterTextLayer {
  role: string;
  content: string;
  position: string;
  coords: { x: number; y: number };
  font_category: string;
  font_weight: number;
  size_ratio: number;
  color: string;
  treatment: string;
  alignment: 'left' | 'center' | 'right';
}

const textLayerSchema = z.strictObject({
  role: z.string(),
  content: z.string(),
  position: z.string(),
  coords: z.strictObject({ x: z.number(), y: z.number() }),
  font_category: z.string(),
  font_weight: z.number(),
  size_ratio: z.number(),
  color: z.string(),
  treatment: z.string(),
  alignment: z.enum(['left', 'center', 'right']),
});

/** Thrown for a spec {@link renderPoster} refuses; the message names every problem. */
export class PosterSpecError extends Error {}

/** Checks an untrusted spec (e.g. a control request's body); throws {@link PosterSpecError}. */
export function parsePosterSpec(input: unknown): PosterSpec {
  const parsed = posterSpecSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);
  throw new PosterSpecError(`invalid poster spec: ${problems.join('; ')}`);
}

/** Words for where a point sits on the canvas, by thirds: `top-left`, `center`, `bottom-center`, `center-right`... */
export function positionWords(x: number, y: number): string {
  const col = x < 1 / 3 ? 'left' : x > 2 / 3 ? 'right' : 'center';
  const row = y < 1 / 3 ? 'top' : y > 2 / 3 ? 'bottom' : 'center';
  return row === 'center' && col === 'center' ? 'center' : `${row}-${col}`;
}

function textLayer(layer: PosterLayer): PosterTextLayer {
  return {
    role: layer.role,
    content: layer.text,
    position: positionWords(layer.x, layer.y),
    coords: { x: layer.x, y: layer.y },
    font_category: layer.font_category ?? 'sans-serif',
    font_weight: layer.font_weight ?? 400,
    size_ratio: layer.size_ratio,
    color: layer.color.toUpperCase(),
    treatment: layer.treatment ?? 'none',
    alignment: layer.alignment ?? 'center',
  };
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Named CJK families first, so Chinese renders in a matching face; fontconfig falls back for the rest. */
const FONT_FAMILIES: Record<string, string> = {
  'sans-serif': "'Noto Sans CJK SC', 'DejaVu Sans', sans-serif",
  serif: "'Noto Serif CJK SC', 'DejaVu Serif', serif",
  monospace: "'DejaVu Sans Mono', 'Noto Sans Mono CJK SC', monospace",
  handwriting: "'Noto Serif CJK SC', cursive, serif",
  display: "'Noto Sans CJK SC', 'DejaVu Sans', sans-serif",
};

function isDark(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 0xff) + 0.114 * (n & 0xff) < 128;
}

function layerSvg(layer: PosterTextLayer, index: number, width: number, height: number): string {
  const size = Math.max(1, layer.size_ratio * width);
  const x = (layer.coords.x * width).toFixed(2);
  const y = (layer.coords.y * height).toFixed(2);
  const family = FONT_FAMILIES[layer.font_category] ?? FONT_FAMILIES['sans-serif'];
  // (x, y) is the centre of the text box. A one-line box is as wide as its text, so whatever its
  // alignment the text sits centred on x: `alignment` is reported, not an anchor.
  const attrs = `font-family="${family}" font-size="${size.toFixed(2)}" font-weight="${layer.font_weight}" text-anchor="middle" dominant-baseline="central"`;
  const text = escapeXml(layer.content);
  const parts: string[] = [];
  let fill = layer.color;
  let extra = '';
  switch (layer.treatment) {
    case 'shadow': {
      const d = (size * 0.06).toFixed(2);
      parts.push(
        `<text x="${x}" y="${y}" dx="${d}" dy="${d}" ${attrs} fill="#000000" fill-opacity="0.35">${text}</text>`,
      );
      break;
    }
    case 'outline':
      extra =
        ` stroke="${isDark(layer.color) ? '#FFFFFF' : '#000000'}" stroke-width="${(size * 0.06).toFixed(2)}" ` +
        `paint-order="stroke" stroke-linejoin="round"`;
      break;
    case 'gradient':
      parts.push(
        `<defs><linearGradient id="tg${index}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${layer.color}"/>` +
          `<stop offset="1" stop-color="${layer.color}" stop-opacity="0.55"/></linearGradient></defs>`,
      );
      fill = `url(#tg${index})`;
      break;
    default:
      break;
  }
  parts.push(`<text x="${x}" y="${y}" ${attrs} fill="${fill}"${extra}>${text}</text>`);
  return parts.join('');
}

function posterSvg(spec: PosterSpec, layers: readonly PosterTextLayer[]): string {
  const { width: w, height: h } = spec;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`];
  if (spec.background) {
    parts.push(`<rect width="${w}" height="${h}" fill="${escapeXml(spec.background)}"/>`);
  } else {
    parts.push(
      '<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FDEBD3"/>' +
        '<stop offset="0.55" stop-color="#F6C9C0"/><stop offset="1" stop-color="#C9B8E8"/></linearGradient></defs>',
    );
    parts.push(`<rect width="${w}" height="${h}" fill="url(#bg)"/>`);
  }
  layers.forEach((layer, i) => parts.push(layerSvg(layer, i, w, h)));
  // The simulator label, small in the bottom-left corner where posters rarely put text.
  const labelSize = Math.max(6, Math.round(Math.min(w, h) / 60));
  parts.push(
    `<text x="${labelSize * 0.5}" y="${h - labelSize * 0.5}" font-family="'DejaVu Sans', sans-serif" ` +
      `font-size="${labelSize}" fill="#101418" fill-opacity="0.55">STUDIO SIMULATOR</text>`,
  );
  parts.push('</svg>');
  return parts.join('');
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4, 8))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The layers as `tEXt` data. tEXt is Latin-1, so the JSON is made pure ASCII: every non-ASCII
 * character becomes a `\uXXXX` escape, which JSON.parse turns back into the same text.
 */
function layersChunk(layers: readonly PosterTextLayer[]): Buffer {
  const json = JSON.stringify(layers).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return pngChunk(
    'tEXt',
    Buffer.concat([Buffer.from(POSTER_CHUNK_KEYWORD, 'latin1'), Buffer.from([0]), Buffer.from(json, 'latin1')]),
  );
}

/** Inserts a chunk right after IHDR (signature 8 bytes + IHDR 25 bytes). */
function insertAfterIhdr(png: Buffer, chunk: Buffer): Buffer {
  const at = PNG_SIGNATURE.length + 25;
  return Buffer.concat([png.subarray(0, at), chunk, png.subarray(at)]);
}

/**
 * Draws the spec's texts (SVG `<text>`, one line each, its box centred on (x, y)) over the
 * background and returns a PNG carrying the drawn layers. Deterministic: the same spec gives the
 * same bytes. Throws {@link PosterSpecError} for a spec outside the limits.
 */
export async function renderPoster(spec: PosterSpec): Promise<Buffer> {
  const valid = parsePosterSpec(spec);
  const layers = valid.layers.map(textLayer);
  const png = await withRenderSlot(() =>
    sharp(Buffer.from(posterSvg(valid, layers)), { density: 72 })
      .removeAlpha()
      .png({ compressionLevel: 6 })
      .toBuffer(),
  );
  return insertAfterIhdr(png, layersChunk(layers));
}

interface PngChunkView {
  type: string;
  data: Buffer;
  crcOk: boolean;
}

/** Walks a PNG's chunks up to IEND; stops quietly at the first one that runs past the end. */
function* pngChunks(png: Buffer): Generator<PngChunkView> {
  if (png.length < PNG_SIGNATURE.length || !png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return;
  let at = PNG_SIGNATURE.length;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > png.length) return;
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    const crcOk = crc32(data, crc32(png.subarray(at + 4, at + 8))) === png.readUInt32BE(at + 8 + length);
    yield { type, data, crcOk };
    if (type === 'IEND') return;
    at = end;
  }
}

/** Width and height from a PNG's IHDR, or null when the bytes are not a PNG. Reads no pixels. */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  const first = pngChunks(png).next();
  if (first.done || first.value.type !== 'IHDR' || first.value.data.length !== 13) return null;
  const width = first.value.data.readUInt32BE(0);
  const height = first.value.data.readUInt32BE(4);
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * The layers {@link renderPoster} embedded in a PNG, in drawing order; null for anything else (other
 * formats, PNGs without the chunk, a damaged chunk). Never throws.
 */
export function readPosterLayers(png: Buffer): PosterTextLayer[] | null {
  try {
    for (const chunk of pngChunks(png)) {
      if (chunk.type !== 'tEXt' || !chunk.crcOk) continue;
      const nul = chunk.data.indexOf(0);
      if (nul < 0 || chunk.data.toString('latin1', 0, nul) !== POSTER_CHUNK_KEYWORD) continue;
      const parsed = z
        .array(textLayerSchema)
        .min(1)
        .safeParse(JSON.parse(chunk.data.toString('latin1', nul + 1)));
      return parsed.success ? parsed.data : null;
    }
  } catch {
    // Malformed JSON in the chunk: not a poster this simulator made.
  }
  return null;
}

const PNG_DATA_URL = /^data:image\/png;base64,/i;

/** A `data:image/png;base64,` URL's size and poster layers; null for other URLs or undecodable data. */
export function readPngDataUrl(
  url: string,
): { width: number; height: number; layers: PosterTextLayer[] | null } | null {
  const prefix = PNG_DATA_URL.exec(url);
  if (!prefix) return null;
  const png = Buffer.from(url.slice(prefix[0].length), 'base64');
  const size = pngSize(png);
  return size ? { ...size, layers: readPosterLayers(png) } : null;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** `W:H` reduced, e.g. 768×1024 → `3:4`. */
export function aspectRatio(width: number, height: number): string {
  const d = gcd(width, height);
  return `${width / d}:${height / d}`;
}
