import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { FileStore } from '@/server/storage/store';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Wallet } from '@/server/domain/credits/ledger';
import type { ChatChunk } from '@/server/upstreams/providers/types';
import type { Target } from '@/server/upstreams/types';

/** Who is chatting, resolved by the transport (one key look-up, or the console session). */
export interface ChatCaller {
  who: ScopedIdentity;
  wallet: Wallet;
  /** The tenant's operator binding (rule 7). */
  binding: string | null;
  /** The rate-limit bucket: one per key (or console login). */
  rateKey: string;
}

/** Where the answer goes: a Node response on the fast path, a web stream under Next.js. */
export interface ChatOutput {
  /** A complete JSON answer (the non-streamed completion). */
  json(status: number, body: unknown, headers: Record<string, string>): void;
  /** Starts the event stream (200). */
  open(headers: Record<string, string>): void;
  /** Writes stream text; the promise, when one is returned, settles once the client can take more. */
  write(text: string): void | Promise<void>;
  end(): void;
}

export interface ChatDeps {
  db: Db;
  /** To check that an image the caller names on Studio's own file host is theirs. */
  files: FileStore;
  config: Pick<Config, 'secret' | 'prices' | 'chat'>;
  /** Routing's random source (tests pin it). */
  random?: () => number;
  /** Back-off before a retry on the same upstream (tests shorten it). */
  retryDelayMs?: (tryNo: number) => number;
}

/** A stream's start: what has come before its first meaningful chunk, and the rest to follow. */
export interface StreamStart {
  /** The chunks up to the first that says something (content, a tool call or a finish reason). */
  head: ChatChunk[];
  rest: AsyncIterator<ChatChunk>;
  abort: AbortController;
  target: Target;
}
