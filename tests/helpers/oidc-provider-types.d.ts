/** The part of `oidc-provider` (which ships no types) the test provider uses. */
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Record<string, unknown>[];
        claims?: Record<string, string[]>;
        cookies?: { keys: string[] };
        pkce?: { required: () => boolean };
        features?: Record<string, unknown>;
        findAccount(ctx: unknown, id: string): Promise<Account | undefined>;
      },
    );
    listen(port: number, host: string, callback: () => void): Server;
    on(event: 'server_error', listener: (ctx: unknown, err: Error) => void): this;
  }
}
