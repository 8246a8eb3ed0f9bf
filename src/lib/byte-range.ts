/**
 * The `Range` request header for byte ranges (RFC 9110 §14.1.2 and §14.2), one range at a time.
 *
 * - `null`: ignore the header and answer 200 with the whole file. That is the answer for no header,
 *   a unit other than `bytes`, a malformed or invalid range-spec (`bytes=-`, `bytes=abc`, `bytes=5-2`),
 *   and for several ranges, which RFC 9110 lets a server ignore (no multipart/byteranges answers).
 * - `'unsatisfiable'`: a well-formed single range that selects nothing (`first-pos` at or past the end,
 *   the suffix `-0`): 416 with `Content-Range: bytes *\/size`.
 * - `{ start, end }`: inclusive offsets of a 206 answer, `end` clamped to the last byte and a suffix
 *   longer than the file giving the whole file.
 *
 * Shared by Studio's file route and the simulator. The jshttp `range-parser` package was considered:
 * it answers "unsatisfiable" for `bytes=5-2` (invalid, to be ignored) and for a suffix longer than
 * the file (the whole file), so it would need the same checks around it.
 */

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/** RFC 9110 token characters, for the range unit. */
const UNIT = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const INT_RANGE = /^(\d+)-(\d*)$/;
const SUFFIX_RANGE = /^-(\d+)$/;
/** Empty list elements a recipient skips (RFC 9110 §5.6.1.2) before giving up on the list. */
const MAX_ELEMENTS = 64;

/** Digits without leading zeros ("" for zero). */
const trimZeros = (digits: string): string => digits.replace(/^0+/, '');

/** A digit string as a number; longer than any file size can be, it is Infinity (never imprecise). */
function toPos(digits: string): number {
  const d = trimZeros(digits);
  return d.length > 15 ? Infinity : Number(d || '0');
}

/** Compares two digit strings exactly, whatever their length. */
function compareDigits(a: string, b: string): number {
  const x = trimZeros(a);
  const y = trimZeros(b);
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

export function parseByteRange(header: string | null | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const value = header.trim();
  const eq = value.indexOf('=');
  if (eq <= 0) return null;
  const unit = value.slice(0, eq);
  // Range units are case-insensitive; an origin server ignores a unit it does not know.
  if (!UNIT.test(unit) || unit.toLowerCase() !== 'bytes') return null;
  const elements = value.slice(eq + 1).split(',', MAX_ELEMENTS + 1);
  if (elements.length > MAX_ELEMENTS) return null;
  const specs = elements.map((e) => e.trim()).filter((e) => e !== '');
  if (specs.length !== 1) return null;
  const spec = specs[0] as string;

  const int = INT_RANGE.exec(spec);
  if (int) {
    const [, first = '', last = ''] = int;
    // `last-pos` before `first-pos` makes the range-spec invalid, not unsatisfiable.
    if (last !== '' && compareDigits(last, first) < 0) return null;
    const start = toPos(first);
    if (start >= size) return 'unsatisfiable';
    const end = last === '' ? size - 1 : Math.min(toPos(last), size - 1);
    return { start, end };
  }
  const suffix = SUFFIX_RANGE.exec(spec);
  if (suffix) {
    const length = toPos(suffix[1] ?? '');
    if (length === 0) return 'unsatisfiable';
    // An empty file has no byte to send and no way to say so in Content-Range: the whole (empty) file.
    if (size === 0) return null;
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  return null;
}
