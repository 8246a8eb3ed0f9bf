/**
 * Gathers calls made in the same turn of the event loop into one: `run` gets every key asked for
 * (each once) and answers a value per key. A worker claims tasks in batches and their first and last
 * statements come in bursts, so one statement serves a burst instead of a round trip each.
 * A key asked for again while its batch is still gathering waits for the next batch, so every call
 * still gets its own run of the statement.
 */
export function coalesce<K, R>(
  run: (keys: K[]) => Promise<Map<K, R>>,
  when: 'tick' | 'immediate' = 'tick',
): (key: K) => Promise<R | undefined> {
  type Waiter = { resolve: (r: R | undefined) => void; reject: (err: unknown) => void };
  let pending = new Map<K, Waiter[]>();
  let overflow: { key: K; waiter: Waiter }[] = [];
  let scheduled = false;

  const flush = (): void => {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    const later = overflow;
    overflow = [];
    for (const { key, waiter } of later) add(key, waiter);
    run([...batch.keys()]).then(
      (answers) => {
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(answers.get(key));
      },
      (err: unknown) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      },
    );
  };

  function add(key: K, waiter: Waiter): void {
    if (pending.has(key)) overflow.push({ key, waiter });
    else pending.set(key, [waiter]);
    if (!scheduled) {
      scheduled = true;
      if (when === 'tick') process.nextTick(flush);
      else setImmediate(flush);
    }
  }

  return (key: K) => new Promise<R | undefined>((resolve, reject) => add(key, { resolve, reject }));
}
