import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { logger } from '@/server/logger';

/**
 * `demo-login.txt` in the data folder: the demo tenant's console login and key, written on the first
 * start so the person who started Studio can sign in. Once the demo login's password is changed (or
 * reset), the file no longer holds a password that does not work: its line says it was changed.
 */

export const DEMO_EMAIL = 'demo@studio.local';
export const demoLoginFile = (dataDir: string) => path.join(dataDir, 'demo-login.txt');

export function writeDemoLogin(
  dataDir: string,
  login: { consoleUrl: string; email: string; password: string; apiKey: string },
): string {
  const file = demoLoginFile(dataDir);
  writeFileSync(
    file,
    `Studio demo tenant\nconsole: ${login.consoleUrl}\nemail: ${login.email}\npassword: ${login.password}\ntenant key: ${login.apiKey}\n`,
    { mode: 0o600 },
  );
  return file;
}

/** After `email`'s password changed: if it is the demo login, its old password leaves the file. */
export function forgetDemoPassword(dataDir: string, email: string, at = new Date()): void {
  if (email.toLowerCase() !== DEMO_EMAIL) return;
  const file = demoLoginFile(dataDir);
  try {
    if (!existsSync(file)) return;
    const text = readFileSync(file, 'utf8').replace(
      /^password: .*$/m,
      `password: changed on ${at.toISOString().slice(0, 10)} by its owner; no longer kept here`,
    );
    writeFileSync(file, text, { mode: 0o600 });
  } catch (err) {
    // The change itself succeeded; a file that cannot be rewritten is only logged.
    logger.warn({ err, file }, 'demo-login.txt could not be updated after the demo password changed');
  }
}
