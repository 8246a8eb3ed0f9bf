import { ConfigError, getConfig, sourceMapsWanted } from './config';
import { closeDatabase } from './db/client';

/**
 * A process entry point's life: run `main`, report a start-up failure (a bad setting by its message
 * alone) and exit 1; on SIGTERM or SIGINT run `stop` once (it drains: docs/operations.md → Shutdown),
 * close the database and exit 0. A second SIGINT ends the process at once.
 */
export function runProcess(main: () => Promise<{ stop: (signal: string) => Promise<void> }>): void {
  // The TypeScript loader turns source maps on; Node then reads and keeps the map of every module it
  // loads, Next.js's bundles included: about 100 MB and start-up time. Stack traces name the right
  // files without them; STUDIO_SOURCE_MAPS=1 keeps them on (docs/operations.md).
  if (!sourceMapsWanted()) process.setSourceMapsEnabled(false);
  main()
    .then(({ stop }) => {
      let stopping = false;
      const shutdown = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        // The drain has its own deadline; this only guards against a stop that hangs past it.
        setTimeout(() => {
          console.error(`${signal}: shutdown did not finish in time; exiting`);
          process.exit(1);
        }, getConfig().drain.ms + 15_000).unref();
        await stop(signal);
        await closeDatabase();
        process.exit(0);
      };
      process.once('SIGTERM', () => void shutdown('SIGTERM'));
      process.once('SIGINT', () => void shutdown('SIGINT'));
    })
    .catch((err: unknown) => {
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    });
}
