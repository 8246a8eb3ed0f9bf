import v8 from 'node:v8';
import sharp from 'sharp';

/**
 * Bounds how far the JavaScript heap grows past what its last full collection kept. Left to itself,
 * V8 on a machine with plenty of memory lets the heap reach up to four times the live data before
 * a full collection (a web process holding 90 MB of live objects sat at 400–550 MB under steady
 * load, none of it returned). At 50 % it collects at 1.5 times: measured in `bench:chat`, about
 * 250 MB under the same load, and no CPU per request given up that the benchmark could see. The
 * flag is read at each collection, so setting it as the process starts is enough.
 */
export function boundHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/**
 * Turns off libvips' operation cache (sharp's default keeps up to 50 MB and 1,000 operations of
 * native memory): Studio never runs the same operation on the same image twice, so the cache only
 * held memory. Measured in `bench:embedded`: about 8 MB less resident, no CPU given up.
 */
export function dropImageCache(): void {
  sharp.cache(false);
}
