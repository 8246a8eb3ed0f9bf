import { afterEach, describe, expect, it, vi } from 'vitest';
import { FairPool, WaitedTooLong } from './fair-pool';

/** Jobs that end only when the test says so, and the order in which the pool started them. */
function harness(pool: FairPool) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const results: Promise<string>[] = [];
  const submit = (owner: string, name: string) => {
    const result = pool.run(owner, () => {
      started.push(name);
      return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
    });
    results.push(result);
    return result;
  };
  /** Ends a running job and lets the pool hand its slot on. */
  const finish = async (name: string) => {
    const end = finishers.get(name);
    if (!end) throw new Error(`${name} is not running`);
    finishers.delete(name);
    end();
    await new Promise((r) => setTimeout(r, 0));
  };
  const running = () => [...finishers.keys()];
  return { started, submit, finish, running, results };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('fair pool', () => {
  it('starts a second tenant’s job at the first free slot, ahead of a flood queued before it', async () => {
    const pool = new FairPool({ slots: 2, perOwner: 2 });
    const h = harness(pool);
    for (let i = 1; i <= 20; i++) void h.submit('A', `A${i}`);
    void h.submit('B', 'B1');
    expect(h.started).toEqual(['A1', 'A2']);

    await h.finish('A1');
    expect(h.started).toEqual(['A1', 'A2', 'B1']);

    // With B served, A has the pool to itself again, two at a time, in its own order.
    await h.finish('B1');
    await h.finish('A2');
    expect(h.started.slice(3)).toEqual(['A3', 'A4']);
    while (h.running().length > 0) await h.finish(h.running()[0] ?? '');
    expect(h.started).toHaveLength(21);
    expect(h.started.filter((n) => n.startsWith('A'))).toEqual(Array.from({ length: 20 }, (_, i) => `A${i + 1}`));
    await expect(Promise.all(h.results)).resolves.toHaveLength(21);
  });

  it('keeps a slot for others: one tenant runs at most its share however much it queues', async () => {
    const pool = new FairPool({ slots: 2, perOwner: 1 });
    const h = harness(pool);
    for (let i = 1; i <= 20; i++) void h.submit('A', `A${i}`);
    expect(h.running()).toEqual(['A1']);
    expect(pool.load('A')).toEqual({ running: 1, waiting: 19 });

    void h.submit('B', 'B1');
    expect(h.running()).toEqual(['A1', 'B1']);
    await h.finish('B1');
    await h.finish('A1');
    expect(h.running()).toEqual(['A2']);
  });

  it('hands slots out in turn, the owner served longest ago first', async () => {
    const pool = new FairPool({ slots: 1, perOwner: 1 });
    const h = harness(pool);
    for (const owner of ['A', 'B', 'C']) for (let i = 1; i <= 3; i++) void h.submit(owner, `${owner}${i}`);
    while (h.running().length > 0) await h.finish(h.running()[0] ?? '');
    expect(h.started).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2', 'A3', 'B3', 'C3']);
  });

  it('frees the slot of a job that throws or rejects', async () => {
    const pool = new FairPool({ slots: 1, perOwner: 1 });
    await expect(
      pool.run('A', () => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    await expect(pool.run('A', () => Promise.reject(new Error('later')))).rejects.toThrow('later');
    await expect(pool.run('A', () => Promise.resolve(7))).resolves.toBe(7);
    expect(pool.load('A')).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a job that waited too long, and still runs the ones behind it', async () => {
    vi.useFakeTimers();
    const pool = new FairPool({ slots: 1, perOwner: 1, maxWaitMs: 1000 });
    let endFirst = () => {};
    const first = pool.run('A', () => new Promise<void>((r) => (endFirst = r)));
    const late = pool.run('B', () => Promise.resolve('late'));
    const lateResult = late.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1001);
    expect(await lateResult).toBeInstanceOf(WaitedTooLong);
    expect(pool.load('B')).toEqual({ running: 0, waiting: 0 });

    const next = pool.run('C', () => Promise.resolve('next'));
    endFirst();
    await first;
    await expect(next).resolves.toBe('next');
  });
});
