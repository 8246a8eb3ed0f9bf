/**
 * A pool of slots shared fairly between owners (tenants). Each owner has its own queue; a freed slot
 * goes to the next owner in turn that has work waiting, not to whoever queued first, and an owner runs
 * at most `perOwner` jobs at once. One tenant's flood therefore holds at most its share of the slots,
 * and another tenant's job waits for at most one turn.
 */

export interface FairPoolOptions {
  /** Jobs running at once over all owners. */
  slots: number;
  /** Jobs of one owner running at once. */
  perOwner: number;
  /** A job still waiting for a slot after this long is refused with {@link WaitedTooLong}. */
  maxWaitMs?: number;
}

/** The job waited longer than the pool's `maxWaitMs` and was not started. */
export class WaitedTooLong extends Error {
  override name = 'WaitedTooLong';
}

interface Waiter {
  start: () => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export class FairPool {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly waiting = new Map<string, Waiter[]>();
  /** When each active owner last started a job: the turn goes to the one served longest ago. */
  private readonly lastStart = new Map<string, number>();
  private tick = 0;

  constructor(private readonly opts: FairPoolOptions) {
    if (opts.slots < 1 || opts.perOwner < 1) throw new Error('A pool needs at least one slot per owner');
  }

  /** Runs `job` when `owner` has its turn; the slot is held until the job's promise settles. */
  run<T>(owner: string, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.lastStart.set(owner, ++this.tick);
        this.running++;
        this.runningBy.set(owner, (this.runningBy.get(owner) ?? 0) + 1);
        let done: Promise<T>;
        try {
          done = job();
        } catch (err) {
          done = Promise.reject(err instanceof Error ? err : new Error(String(err)));
        }
        done.then(resolve, reject).finally(() => this.release(owner));
      };
      // An owner with jobs already waiting queues behind them, so its own jobs start in order.
      if (!this.waiting.has(owner) && this.canStart(owner)) {
        start();
        return;
      }
      const waiter: Waiter = { start, timer: undefined };
      if (this.opts.maxWaitMs !== undefined) {
        waiter.timer = setTimeout(() => {
          this.dropWaiter(owner, waiter);
          reject(new WaitedTooLong(`waited over ${this.opts.maxWaitMs} ms for a slot`));
        }, this.opts.maxWaitMs);
        waiter.timer.unref?.();
      }
      const queue = this.waiting.get(owner);
      if (queue) queue.push(waiter);
      else this.waiting.set(owner, [waiter]);
    });
  }

  /** Jobs of `owner` running and waiting. */
  load(owner: string): { running: number; waiting: number } {
    return { running: this.runningBy.get(owner) ?? 0, waiting: this.waiting.get(owner)?.length ?? 0 };
  }

  private canStart(owner: string): boolean {
    return this.running < this.opts.slots && (this.runningBy.get(owner) ?? 0) < this.opts.perOwner;
  }

  private release(owner: string) {
    this.running--;
    const left = (this.runningBy.get(owner) ?? 1) - 1;
    if (left > 0) this.runningBy.set(owner, left);
    else this.runningBy.delete(owner);
    this.forgetIfIdle(owner);
    this.dispatch();
  }

  /** Fills free slots, each with the first job of the owner served longest ago (a new owner first). */
  private dispatch() {
    while (this.running < this.opts.slots) {
      let next: { owner: string; queue: Waiter[]; last: number } | undefined;
      for (const [owner, queue] of this.waiting) {
        const last = this.lastStart.get(owner) ?? 0;
        if ((!next || last < next.last) && this.canStart(owner)) next = { owner, queue, last };
      }
      if (!next) return;
      const waiter = next.queue.shift();
      if (next.queue.length === 0) this.waiting.delete(next.owner);
      if (!waiter) continue;
      if (waiter.timer) clearTimeout(waiter.timer);
      waiter.start();
    }
  }

  private forgetIfIdle(owner: string) {
    if (!this.runningBy.has(owner) && !this.waiting.has(owner)) this.lastStart.delete(owner);
  }

  private dropWaiter(owner: string, waiter: Waiter) {
    const queue = this.waiting.get(owner);
    if (!queue) return;
    const at = queue.indexOf(waiter);
    if (at >= 0) queue.splice(at, 1);
    if (queue.length === 0) this.waiting.delete(owner);
    this.forgetIfIdle(owner);
  }
}
