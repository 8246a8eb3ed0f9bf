import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, forgetDemoPassword, writeDemoLogin } from './demo-login';

/** demo-login.txt never holds a password that no longer works. */
describe('demo login file', () => {
  const login = {
    consoleUrl: 'http://localhost:3000/login',
    email: DEMO_EMAIL,
    password: 'old-Pass-123',
    apiKey: 'sk-studio-x',
  };

  it('drops the old password once the demo login changed it, and keeps the rest', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-demo-'));
    const file = writeDemoLogin(dir, login);
    expect(readFileSync(file, 'utf8')).toContain('password: old-Pass-123');
    forgetDemoPassword(dir, 'Demo@Studio.local', new Date('2026-11-28T08:00:00Z'));
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('old-Pass-123');
    expect(text).toContain('password: changed on 2026-11-28 by its owner; no longer kept here');
    expect(text).toContain(`email: ${DEMO_EMAIL}`);
    expect(text).toContain('tenant key: sk-studio-x');
  });

  it("leaves the file alone when someone else's password changed, and does nothing without a file", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-demo-'));
    const file = writeDemoLogin(dir, login);
    forgetDemoPassword(dir, 'boss@shop.cn');
    expect(readFileSync(file, 'utf8')).toContain('password: old-Pass-123');
    expect(() => forgetDemoPassword(mkdtempSync(path.join(os.tmpdir(), 'studio-empty-')), DEMO_EMAIL)).not.toThrow();
  });
});
