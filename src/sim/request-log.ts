/** The simulator's request log: what reached each channel, for tests to assert on (`GET /__sim/requests`). */

export interface SimRequestRecord {
  seq: number;
  channel: string;
  method: string;
  /** Provider path below the channel prefix, including the query string. */
  path: string;
  model: string | null;
  /** ISO time the request arrived. */
  at: string;
  /** Response status; null while in flight, 499 when the client went away first. */
  status: number | null;
  /** The fault that hit this request, if any. */
  fault: string | null;
  duration_ms: number | null;
  /** True when the client closed the connection before the response ended (a `stream_break` fault is not an abort). */
  aborted: boolean;
  /** The W3C `traceparent` header the request carried (a traced client sends one), or null. */
  traceparent: string | null;
}

/** A ring of the last `max` requests; entries are live objects the server completes as responses end. */
export class RequestLog {
  private entries: SimRequestRecord[] = [];
  private seq = 0;

  constructor(private readonly max: number) {}

  /** Appends a request and returns its entry, to be filled in (status, duration) when it ends. */
  record(entry: Omit<SimRequestRecord, 'seq'>): SimRequestRecord {
    this.seq += 1;
    const full = { seq: this.seq, ...entry };
    this.entries.push(full);
    // Trim in batches so the ring costs O(1) amortised per request.
    if (this.entries.length > this.max + Math.max(100, this.max / 10))
      this.entries = this.entries.slice(this.entries.length - this.max);
    return full;
  }

  /** Copies of the last `max` entries, oldest first, of one channel or all. */
  list(channel?: string): SimRequestRecord[] {
    const recent = this.entries.length > this.max ? this.entries.slice(this.entries.length - this.max) : this.entries;
    return (channel ? recent.filter((r) => r.channel === channel) : recent).map((r) => ({ ...r }));
  }

  /** Forgets one channel's entries, or all of them; sequence numbers keep counting. */
  clear(channel?: string): void {
    this.entries = channel ? this.entries.filter((r) => r.channel !== channel) : [];
  }
}
