import { desc, eq } from 'drizzle-orm';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { mailOutbox, type MailKind, type OutboxMail } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { enqueue, QUEUES } from '@/server/queue/queue';
import type { Task } from '@/server/queue/queue';
import { transportFor, type MailTransport } from './transport';

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: string;
  kind: MailKind;
}

/**
 * Writes a mail to the outbox in the caller's transaction. With SMTP configured it is queued for the
 * worker (sent only if the transaction commits); without, it stays `stored` for the operator.
 */
export async function storeMail(
  tx: Db,
  config: Pick<Config, 'mail'>,
  mail: NewMail,
): Promise<{ id: string; status: OutboxMail['status'] }> {
  const status = config.mail.smtpUrl ? 'queued' : 'stored';
  const [row] = await tx
    .insert(mailOutbox)
    .values({ ...mail, status })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('the mail was not stored');
  if (status === 'queued') await enqueue(tx, QUEUES.mail, { mailId: row.id }, { maxAttempts: 5 });
  return { id: row.id, status };
}

/** Says where a committed mail went; the log names the outbox row, never the mail's content (it carries links). */
export function logStoredMail(mail: { id: string; status: OutboxMail['status'] }, kind: MailKind): void {
  if (mail.status === 'stored')
    logger.info(
      { mailId: mail.id, kind },
      'mail stored in the outbox (no SMTP configured): the operator console shows it under Outbox',
    );
  else logger.info({ mailId: mail.id, kind }, 'mail queued for SMTP delivery');
}

/**
 * The worker's handler of `mail.send`: sends one queued mail over SMTP and marks it sent. A failure is
 * recorded and thrown, so the queue tries again; after the last attempt the mail is `failed`.
 */
export async function deliverMail(
  { db, config, transport }: { db: Db; config: Pick<Config, 'mail'>; transport?: MailTransport },
  task: Task<{ mailId: string }>,
): Promise<void> {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, task.payload.mailId));
  if (!mail || mail.status === 'sent' || mail.status === 'stored') return;
  const url = config.mail.smtpUrl;
  const from = config.mail.from;
  if (!url || !from) {
    // SMTP was configured when the mail was queued and is gone now: keep it for the operator.
    await db.update(mailOutbox).set({ status: 'stored' }).where(eq(mailOutbox.id, mail.id));
    logStoredMail({ id: mail.id, status: 'stored' }, mail.kind);
    return;
  }
  try {
    await (transport ?? transportFor(url)).send({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    const last = task.attempt >= task.maxAttempts;
    await db
      .update(mailOutbox)
      .set({ error: error.slice(0, 1000), status: last ? 'failed' : 'queued' })
      .where(eq(mailOutbox.id, mail.id));
    logger.warn({ mailId: mail.id, attempt: task.attempt, last, err: error }, 'mail delivery failed');
    throw err;
  }
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), error: null })
    .where(eq(mailOutbox.id, mail.id));
  logger.info({ mailId: mail.id, kind: mail.kind }, 'mail sent');
}

/** The operator's view of the outbox, newest first. */
export async function listOutbox(db: Db, limit = 100): Promise<OutboxMail[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
