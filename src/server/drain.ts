/**
 * Whether this process is shutting down. Set once on SIGTERM by the launcher (scripts/start.ts): the
 * readiness check then answers 503 `DRAINING` and open event streams end with a reconnect hint. Kept on
 * globalThis because the launcher and the Next.js bundle load this module separately.
 */
interface DrainState {
  draining: boolean;
  listeners: Set<() => void>;
}

const DRAIN_KEY = Symbol.for('studio.drain');
type GlobalWithDrain = typeof globalThis & { [DRAIN_KEY]?: DrainState };

function state(): DrainState {
  const g = globalThis as GlobalWithDrain;
  g[DRAIN_KEY] ??= { draining: false, listeners: new Set() };
  return g[DRAIN_KEY];
}

export const isDraining = (): boolean => state().draining;

/** Marks the process as draining and tells every listener, once. */
export function beginDrain(): void {
  const s = state();
  if (s.draining) return;
  s.draining = true;
  for (const listener of [...s.listeners]) {
    try {
      listener();
    } catch {
      // one stream failing to end must not keep the others open
    }
  }
  s.listeners.clear();
}

/** Runs `listener` when the process starts draining (at once when it already is); answers unsubscribe. */
export function onDrain(listener: () => void): () => void {
  const s = state();
  if (s.draining) {
    listener();
    return () => {};
  }
  s.listeners.add(listener);
  return () => s.listeners.delete(listener);
}

/** The `retry:` an event stream ends with on shutdown: soon, spread so clients do not reconnect at one instant. */
export const reconnectHintMs = (): number => 500 + Math.floor(Math.random() * 2000);

/** Test hook: back to serving. */
export function resetDrainForTests(): void {
  const s = state();
  s.draining = false;
  s.listeners.clear();
}
