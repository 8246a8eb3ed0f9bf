/**
 * A preload for a Studio process under a benchmark (`node --import ./bench/memory-probe.mjs …`, or
 * in NODE_OPTIONS): on SIGUSR2 it writes what the process's memory is made of to
 * `<STUDIO_MEMORY_PROBE_DIR>/mem-<pid>.json` — resident memory split by /proc (anonymous, file),
 * process.memoryUsage() (JS heap, external, array buffers), V8's heap spaces, and the size of each
 * live WebAssembly.Memory (PGlite's and initdb's), which V8 never shrinks.
 * STUDIO_MEMORY_PROBE_V8_FLAGS sets V8 flags at once (v8.setFlagsFromString), as a start script could.
 * STUDIO_MEMORY_PROBE_SNAPSHOT=1 writes a heap snapshot beside the report too.
 * With STUDIO_MEMORY_PROBE_GC=1 (and --expose-gc) a full collection runs first, so the heap is what is live.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

const dir = process.env.STUDIO_MEMORY_PROBE_DIR;
// V8 flags set once the process runs (what a start script could do), for comparing their effect.
if (dir && process.env.STUDIO_MEMORY_PROBE_V8_FLAGS) v8.setFlagsFromString(process.env.STUDIO_MEMORY_PROBE_V8_FLAGS);
if (dir) {
  /** Every WebAssembly.Memory made in this process, held weakly. */
  const memories = [];
  const Original = WebAssembly.Memory;
  const Tracked = function Memory(descriptor) {
    const memory = new Original(descriptor);
    memories.push({ ref: new WeakRef(memory), initial: descriptor?.initial, made: Date.now() });
    return memory;
  };
  Tracked.prototype = Original.prototype;
  Object.setPrototypeOf(Tracked, Original);
  WebAssembly.Memory = Tracked;

  const mb = (n) => Math.round((n / 1048576) * 10) / 10;
  const proc = () => {
    const out = {};
    try {
      for (const line of readFileSync('/proc/self/status', 'utf8').split('\n')) {
        const m = /^(VmRSS|VmHWM|RssAnon|RssFile|RssShmem):\s+(\d+) kB/.exec(line);
        if (m) out[m[1]] = Math.round(Number(m[2]) / 102.4) / 10;
      }
    } catch {
      // not Linux
    }
    return out;
  };
  /**
   * Resident MB of each mapping of exactly `bytes` (a WebAssembly.Memory here is one mapping of its
   * own size; none other is that size, in practice), and resident MB by kind: anonymous mappings of
   * 32 MB or more that are not WebAssembly (malloc arenas), the brk heap, files.
   */
  const smaps = (wasmBytes) => {
    const out = { wasmResident: 0, brk: 0, files: 0, anon: 0 };
    try {
      let size = 0;
      let name = '';
      for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
        const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
        if (head) {
          size = parseInt(head[2], 16) - parseInt(head[1], 16);
          name = head[3];
          continue;
        }
        const rss = /^Rss:\s+(\d+) kB/.exec(line);
        if (!rss) continue;
        const kb = Number(rss[1]);
        if (wasmBytes.includes(size)) out.wasmResident += kb;
        else if (name === '[heap]') out.brk += kb;
        else if (name) out.files += kb;
        else out.anon += kb;
      }
    } catch {
      // not Linux
    }
    return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Math.round(v / 102.4) / 10]));
  };
  process.on('SIGUSR2', () => {
    if (process.env.STUDIO_MEMORY_PROBE_GC === '1' && typeof globalThis.gc === 'function') globalThis.gc();
    const usage = process.memoryUsage();
    const wasm = memories
      .map((m) => ({ memory: m.ref.deref(), initial: m.initial, made: m.made }))
      .map(({ memory, initial, made }) => ({
        live: memory !== undefined,
        mb: memory ? mb(memory.buffer.byteLength) : 0,
        initialMb: mb((initial ?? 0) * 65536),
        made,
      }));
    const report = {
      at: Date.now(),
      proc: proc(),
      usage: Object.fromEntries(Object.entries(usage).map(([k, v]) => [k, mb(v)])),
      spaces: Object.fromEntries(
        v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: mb(s.space_size), used: mb(s.space_used_size) }]),
      ),
      wasm,
      wasmLiveMb: wasm.reduce((sum, w) => sum + w.mb, 0),
      smaps: smaps(memories.map((m) => m.ref.deref()?.buffer.byteLength).filter((n) => n !== undefined)),
    };
    writeFileSync(path.join(dir, `mem-${process.pid}.json`), JSON.stringify(report));
    if (process.env.STUDIO_MEMORY_PROBE_SNAPSHOT === '1')
      v8.writeHeapSnapshot(path.join(dir, `heap-${process.pid}-${report.at}.heapsnapshot`));
  });
}
