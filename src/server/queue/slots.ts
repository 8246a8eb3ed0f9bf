import { AsyncLocalStorage } from 'node:async_hooks';

/** The worker's view of one running task's slot. */
export interface Slot {
  park(): void;
  unpark(): void;
}

const current = new AsyncLocalStorage<Slot>();

/** Runs a task's handler with its slot, so that waits inside it can give the slot up (see {@link parked}). */
export function runInSlot<T>(slot: Slot, fn: () => T): T {
  return current.run(slot, fn);
}

/**
 * Waits without holding the running task's worker slot: while `wait` is pending the worker counts the
 * task as parked and may claim another one in its place. For waits that hold no connection and no
 * CPU (the pause between polls of a provider's asynchronous task). Outside a worker task it simply waits.
 */
export async function parked<T>(wait: Promise<T>): Promise<T> {
  const slot = current.getStore();
  if (!slot) return wait;
  slot.park();
  try {
    return await wait;
  } finally {
    slot.unpark();
  }
}
