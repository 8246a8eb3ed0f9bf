import { SIM_CHANNELS, SIM_DEFAULT_HOST, SIM_DEFAULT_PORT } from './channels';
import { SIM_PROTOCOL_CHANNELS } from './protocol-channels';
import { createSimServer } from './server';

/**
 * Entry point of the Studio upstream simulator (`tsx src/sim/main.ts`).
 *
 * Environment:
 * - `STUDIO_SIM_PORT`       port to listen on (default 4010; 0 picks a free port)
 * - `STUDIO_SIM_HOST`       interface to bind (default 127.0.0.1)
 * - `STUDIO_SIM_LATENCY_MS` latency for every channel in milliseconds (default 0)
 *
 * It serves the default channels and one channel (or two) per other protocol (`SIM_PROTOCOL_CHANNELS`:
 * sim-claude, sim-gemini-image, sim-gemini-chat, sim-seedream, sim-wan, sim-fal, sim-replicate); Studio
 * registers only the default ones, and a console channel may point at the others.
 */

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`${name} must be a whole number between ${min} and ${max} (got '${raw}')`);
    process.exit(1);
  }
  return n;
}

const port = intFromEnv('STUDIO_SIM_PORT', SIM_DEFAULT_PORT, 0, 65_535);
const host = process.env.STUDIO_SIM_HOST?.trim() || SIM_DEFAULT_HOST;
const latency = process.env.STUDIO_SIM_LATENCY_MS?.trim()
  ? intFromEnv('STUDIO_SIM_LATENCY_MS', 0, 0, 600_000)
  : undefined;

const channels = [...SIM_CHANNELS, ...SIM_PROTOCOL_CHANNELS];
const sim = createSimServer({ channels, ...(latency === undefined ? {} : { latencyMs: latency }) });

try {
  const url = await sim.listen(port, host);
  console.log(`Upstream simulator listening on ${url}`);
} catch (err) {
  const code = err instanceof Error && 'code' in err ? String(err.code) : '';
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${port} is already in use; set STUDIO_SIM_PORT to another port.`
      : `Upstream simulator failed to start: ${String(err)}`,
  );
  process.exit(1);
}

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  const force = setTimeout(() => process.exit(1), 5_000);
  force.unref();
  void sim.close().then(() => {
    console.log(`Upstream simulator stopped (${signal})`);
    process.exit(0);
  });
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
