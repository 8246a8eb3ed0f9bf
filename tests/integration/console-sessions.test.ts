import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@/server/config';
import { consoleSessions, consoleUsers } from '@/server/db/schema';
import {
  endUserSession,
  listSessions,
  recordSighting,
  SEEN_EVERY_MS,
  sightingDue,
} from '@/server/domain/auth/console-sessions';
import { sessionEnded } from '@/server/domain/auth/ended-sessions';
import { OPERATOR } from '@/server/domain/auth/identity';
import { changePassword } from '@/server/domain/auth/password-change';
import { finishPasskeyEnrolment, startPasskeyEnrolment } from '@/server/domain/auth/passkeys';
import { regenerateRecoveryCodes } from '@/server/domain/auth/recovery-codes';
import { confirmEnrolment, spendSecondFactor, startEnrolment, twoFactorStatus } from '@/server/domain/auth/two-factor';
import { createTenant } from '@/server/domain/tenants/tenants';
import { softAuthenticator } from '../helpers/soft-authenticator';
import { suiteDatabase } from '../helpers/suite-db';
import { testConfig } from '../helpers/test-db';

const t = suiteDatabase();
let config: Config;
let n = 0;
const PASSWORD = 'first-password-1';
const ORIGIN = 'https://studio.example.cn';
const T0 = Date.UTC(2026, 2, 1, 4, 0, 5);

beforeAll(() => {
  config = { ...testConfig(), passkeys: { origin: ORIGIN, rpId: 'studio.example.cn' } };
});

const deps = () => ({ db: t.db, config });
const userRow = async (id: string) => (await t.db.select().from(consoleUsers).where(eq(consoleUsers.id, id)))[0];

async function admin() {
  n += 1;
  const email = `sessions-${n}-${Date.now()}@example.cn`;
  await createTenant({ db: t.db, config }, OPERATOR, {
    name: `会话${n}`,
    credits: 0,
    quota_monthly: 0,
    admin_email: email,
    admin_password: PASSWORD,
  });
  const [user] = await t.db.select().from(consoleUsers).where(eq(consoleUsers.email, email));
  if (!user) throw new Error('no user');
  return { id: user.id, email, address: `192.0.2.${n}` };
}

/** Two sessions of the user, from a phone and a laptop, signed in with the current epoch. */
async function twoSessions(userId: string) {
  const epoch = (await userRow(userId))?.sessionEpoch ?? 0;
  const base = { userId, epoch, signedInAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) };
  const phone = `phone-${userId}`;
  const laptop = `laptop-${userId}`;
  await recordSighting(t.db, { ...base, sid: phone, device: 'Safari|iOS', address: '2001:db8::7' });
  await recordSighting(t.db, { ...base, sid: laptop, device: 'Chrome|macOS', address: '192.0.2.200' });
  return { phone, laptop };
}

describe('console sessions', () => {
  it('lists the user’s open sessions with device and address, and ends one of them', async () => {
    const who = await admin();
    const stranger = await admin();
    const { phone, laptop } = await twoSessions(who.id);
    const listed = await listSessions(t.db, who.id);
    expect(listed.map((s) => [s.sid, s.device, s.address]).sort()).toEqual([
      [laptop, 'Chrome|macOS', '192.0.2.200'],
      [phone, 'Safari|iOS', '2001:db8::7'],
    ]);
    // Another user cannot end it.
    expect(await endUserSession(t.db, stranger.id, phone)).toBe(false);
    expect(await sessionEnded(t.db, phone)).toBe(false);
    expect(await endUserSession(t.db, who.id, phone)).toBe(true);
    expect(await sessionEnded(t.db, phone)).toBe(true);
    expect((await listSessions(t.db, who.id)).map((s) => s.sid)).toEqual([laptop]);
  });

  it('moves last seen on at most once a minute', async () => {
    const who = await admin();
    const { laptop } = await twoSessions(who.id);
    const [row] = await t.db.select().from(consoleSessions).where(eq(consoleSessions.sid, laptop));
    if (!row) throw new Error('no row');
    expect(sightingDue(row.lastSeenAt, row.lastSeenAt.getTime() + 10_000)).toBe(false);
    expect(sightingDue(row.lastSeenAt, row.lastSeenAt.getTime() + SEEN_EVERY_MS)).toBe(true);
    const sighting = {
      sid: laptop,
      userId: who.id,
      epoch: row.epoch,
      device: 'Firefox|Linux',
      address: '203.0.113.9',
      signedInAt: row.signedInAt,
      expiresAt: row.expiresAt,
    };
    await recordSighting(t.db, sighting, row.lastSeenAt.getTime() + 10_000);
    const [soon] = await t.db.select().from(consoleSessions).where(eq(consoleSessions.sid, laptop));
    expect(soon?.lastSeenAt.getTime()).toBe(row.lastSeenAt.getTime());
    const later = row.lastSeenAt.getTime() + 2 * SEEN_EVERY_MS;
    await recordSighting(t.db, sighting, later);
    const [moved] = await t.db.select().from(consoleSessions).where(eq(consoleSessions.sid, laptop));
    expect(moved?.lastSeenAt.getTime()).toBe(later);
    // The first device and address stay.
    expect([moved?.device, moved?.address]).toEqual(['Chrome|macOS', '192.0.2.200']);
  });

  it('a password change ends the other sessions and keeps the one that made it', async () => {
    const who = await admin();
    const { phone, laptop } = await twoSessions(who.id);
    const changed = await changePassword(deps(), {
      userId: who.id,
      current: PASSWORD,
      next: 'second-password-2',
      address: who.address,
      keepSession: laptop,
    });
    expect(changed).toMatchObject({ ok: true });
    expect((await listSessions(t.db, who.id)).map((s) => s.sid)).toEqual([laptop]);
    expect((await listSessions(t.db, who.id)).map((s) => s.sid)).not.toContain(phone);
  });

  it('adding a passkey ends the other sessions', async () => {
    const who = await admin();
    const { laptop } = await twoSessions(who.id);
    const key = softAuthenticator();
    const options = await startPasskeyEnrolment(deps(), who.id);
    await finishPasskeyEnrolment(deps(), {
      userId: who.id,
      name: 'Phone',
      answer: key.register(options, ORIGIN),
      keepSession: laptop,
    });
    expect((await listSessions(t.db, who.id)).map((s) => s.sid)).toEqual([laptop]);
  });
});

describe('recovery codes regenerated', () => {
  async function withTwoFactor() {
    const who = await admin();
    const { secret } = await startEnrolment(deps(), who.id);
    const confirmed = await confirmEnrolment(deps(), {
      userId: who.id,
      code: generateSync({ secret, epoch: Math.floor(T0 / 1000) }),
      keepSession: null,
      nowMs: T0,
    });
    if (!('ok' in confirmed)) throw new Error('not confirmed');
    return { ...who, secret, codes: confirmed.recoveryCodes };
  }

  it('needs the password or a current code; the new codes work and the old ones no longer do', async () => {
    const who = await withTwoFactor();
    const { laptop, phone } = await twoSessions(who.id);
    const base = { userId: who.id, address: who.address, keepSession: laptop };
    expect(await regenerateRecoveryCodes(deps(), { ...base, proof: 'not-the-password' })).toEqual({ refused: 'wrong' });
    const fresh = await regenerateRecoveryCodes(deps(), { ...base, proof: PASSWORD });
    if (!('ok' in fresh)) throw new Error(`refused: ${JSON.stringify(fresh)}`);
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect(new Set(fresh.recoveryCodes).size).toBe(10);
    expect(fresh.recoveryCodes.some((c) => who.codes.includes(c))).toBe(false);
    expect((await listSessions(t.db, who.id)).map((s) => s.sid)).toEqual([laptop]);
    expect((await listSessions(t.db, who.id)).map((s) => s.sid)).not.toContain(phone);

    const user = await userRow(who.id);
    if (!user) throw new Error('no user');
    expect(await spendSecondFactor(deps(), user, who.codes[0] ?? '')).toBeNull();
    expect(await spendSecondFactor(deps(), user, fresh.recoveryCodes[0] ?? '')).toBe('recovery');
    expect((await twoFactorStatus(deps(), who.id)).recoveryCodesLeft).toBe(9);

    // A current code from the app proves it too.
    const later = T0 + 60_000;
    const byCode = await regenerateRecoveryCodes(deps(), {
      ...base,
      proof: generateSync({ secret: who.secret, epoch: Math.floor(later / 1000) }),
      nowMs: later,
    });
    expect(byCode).toMatchObject({ ok: true });
    expect(await spendSecondFactor(deps(), user, fresh.recoveryCodes[1] ?? '')).toBeNull();
  });

  it('is refused while two-step verification is off', async () => {
    const who = await admin();
    expect(
      await regenerateRecoveryCodes(deps(), {
        userId: who.id,
        address: who.address,
        keepSession: null,
        proof: PASSWORD,
      }),
    ).toEqual({ refused: 'not_on' });
  });
});
