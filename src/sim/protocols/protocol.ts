import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimChannel } from '@/sim/channels';
import type { FaultHit, OutputFaultKind } from './faults';
import type { SimFileStore } from '@/sim/media/file-store';
import type { HttpError } from './http';

/** What the server hands a protocol handler for one request on one channel. */
export interface SimContext<C extends SimChannel = SimChannel> {
  req: IncomingMessage;
  res: ServerResponse;
  channel: C;
  method: string;
  /** Provider path below the channel prefix, without the query string, e.g. `/v1/images/edits`. */
  path: string;
  query: URLSearchParams;
  body: Buffer;
  /** Absolute origin clients used to reach the simulator, for links to `/__sim/files/...`. */
  origin: string;
  requestId: string;
  /** Aborts when the client goes away before the response is complete. */
  signal: AbortSignal;
  latencyMs: number;
  /** Faults that change the output rather than the status; error faults never reach handlers. */
  fault: OutputFaultKind | null;
  /** The error code a `task_failed` fault names; null: the protocol's default. */
  faultCode: string | null;
  /** Chat channels: pause between streamed chunk writes (`chunk_delay_ms`); 0 elsewhere. */
  chunkDelayMs: number;
  /** Destroys the connection on purpose (a `stream_break` fault): logged as a break, not as a client abort. */
  breakConnection(): void;
  files: SimFileStore;
  /** Records the model named by the request in the request log. */
  noteModel(model: string | null): void;
}

export interface Route<C extends SimChannel> {
  /** Generation requests consume faults armed with the default `on: 'generate'`. */
  generation: boolean;
  handle(ctx: SimContext<C>): void | Promise<void>;
}

export interface Protocol<C extends SimChannel> {
  /**
   * The key the request presents, as this provider's clients send it; absent: `Authorization: Bearer`.
   * An empty string when none was presented.
   */
  keyOf?(req: IncomingMessage, query: URLSearchParams): string;
  route(method: string, path: string): Route<C> | null;
  notFound(method: string, path: string, requestId: string): HttpError;
  authError(kind: 'missing' | 'invalid', presented: string, requestId: string): HttpError;
  faultError(hit: FaultHit, channel: C, requestId: string): HttpError;
  bodyTooLarge(limit: number, requestId: string): HttpError;
}
