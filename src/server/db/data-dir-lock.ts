import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's folder for this process. Two processes on one PGlite folder
 * silently lose data, so a second one is refused while the first is alive.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'studio.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => rmSync(file, { force: true });
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder === process.pid) return () => {};
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new Error(
          `The embedded database in ${dir} is in use by process ${holder} (a running Studio). Stop it first, or use the HTTP API; ` +
            'two processes on one embedded database would lose data.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
