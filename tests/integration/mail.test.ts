import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { mailOutbox, tasks } from '@/server/db/schema';
import { deliverMail, storeMail } from '@/server/mail/outbox';
import { claim, QUEUES } from '@/server/queue/queue';
import { suiteDatabase } from '../helpers/suite-db';
import { testSecret } from '../helpers/test-db';

const t = suiteDatabase();

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A tiny SMTP server on a free port: it keeps what it receives, and refuses while `refuse` is set. */
let server: SMTPServer;
let port = 0;
const received: Received[] = [];
let refuse = false;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse) return callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const configWith = (env: Record<string, string>): Config => ({
  ...buildConfig(
    parseEnv({
      STUDIO_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'studio-mail-')),
      STUDIO_SECRET: 'x'.repeat(40),
      ...env,
    }),
  ),
  secret: testSecret,
});

const mail = (to: string) => ({
  to,
  subject: '重设您的 Studio 密码',
  text: '打开链接 http://studio.test/login/reset/abc',
  html: '<p>打开链接</p>',
  locale: 'zh-CN',
  kind: 'password_reset' as const,
});

describe('the mail outbox', () => {
  it('keeps a mail in the outbox without SMTP, with no delivery task', async () => {
    const config = configWith({});
    const stored = await storeMail(t.db, config, mail('kept@example.cn'));
    expect(stored.status).toBe('stored');
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored.id));
    expect(row).toMatchObject({ status: 'stored', to: 'kept@example.cn', sentAt: null });
    // Sealed while it waits: the row holds no readable link.
    expect(row?.sealed).toBe(true);
    expect(`${row?.text}${row?.html}`).not.toContain('login/reset');
    expect(await t.db.select().from(tasks).where(eq(tasks.queue, QUEUES.mail))).toEqual([]);
  });

  it('sends a queued mail over SMTP through nodemailer, as the worker does', async () => {
    const config = configWith({
      STUDIO_SMTP_URL: `smtp://127.0.0.1:${port}`,
      STUDIO_MAIL_FROM: 'Studio <no-reply@studio.test>',
    });
    const stored = await t.db.transaction((tx) => storeMail(tx, config, mail('buyer@example.cn')));
    expect(stored.status).toBe('queued');
    const [task] = await claim(t.db, [QUEUES.mail], 10, 60_000, 'test-worker');
    expect(task?.payload.mailId).toBe(stored.id);
    if (!task) return;
    await deliverMail({ db: t.db, config }, task);

    const got = received.find((r) => r.to.includes('buyer@example.cn'));
    expect(got?.from).toBe('no-reply@studio.test');
    expect(got?.data).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(got?.data).toContain('text/plain');
    expect(got?.data).toContain('text/html');
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored.id));
    expect(row?.status).toBe('sent');
    expect(row?.sentAt).toBeInstanceOf(Date);
    // The link went out in the mail and is not kept: the outbox holds the text without it.
    expect(got?.data).toContain('/login/reset/abc');
    expect(row).toMatchObject({ sealed: false, text: '打开链接 [link removed]' });
    expect(row?.redactedAt).toBeInstanceOf(Date);
    // Delivered once: the task running again (a lost acknowledgement) sends nothing more.
    const before = received.length;
    await deliverMail({ db: t.db, config }, task);
    expect(received.length).toBe(before);
  });

  it('records a refusal for the retry, and marks the mail failed after the last attempt', async () => {
    const config = configWith({
      STUDIO_SMTP_URL: `smtp://127.0.0.1:${port}`,
      STUDIO_MAIL_FROM: 'no-reply@studio.test',
    });
    const stored = await storeMail(t.db, config, mail('refused@example.cn'));
    refuse = true;
    try {
      const task = { id: 0, payload: { mailId: stored.id }, attempt: 1, maxAttempts: 2 };
      await expect(deliverMail({ db: t.db, config }, task)).rejects.toThrow(/mailbox unavailable/);
      const [retrying] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored.id));
      expect(retrying).toMatchObject({ status: 'queued' });
      expect(retrying?.error).toMatch(/mailbox unavailable/);
      await expect(deliverMail({ db: t.db, config }, { ...task, attempt: 2 })).rejects.toThrow();
      const [failed] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, stored.id));
      expect(failed?.status).toBe('failed');
    } finally {
      refuse = false;
    }
  });

  it('needs a sender with SMTP', () => {
    expect(() => configWith({ STUDIO_SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(/STUDIO_MAIL_FROM/);
  });
});
