import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Config } from '@/server/config';
import { decryptSecret, encryptSecret } from '@/server/crypto';
import type { Db } from '@/server/db/client';
import { mailOutbox, type MailKind, type OutboxMail } from '@/server/db/schema';
import { AppError } from '@/server/errors';
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

/** Links a mail must not keep once it has reached its reader: password reset links. */
const LINK = /https?:\/\/[^\s"<>]*\/login\/reset\/[A-Za-z0-9_-]+/g;

/** The mail's text with its links removed: what the outbox keeps once the mail has gone out. */
export function redactedText(text: string): string {
  return text.replace(LINK, '[link removed]');
}

const redactedHtml = (html: string) => html.replace(LINK, '#');

/** The mail's `text` and `html` as written, whether sealed or not. */
function openMail(mail: Pick<OutboxMail, 'text' | 'html' | 'sealed'>, secret: Buffer): { text: string; html: string } {
  return mail.sealed
    ? { text: decryptSecret(mail.text, secret), html: decryptSecret(mail.html, secret) }
    : { text: mail.text, html: mail.html };
}

/** The columns that replace a mail's content once it has gone out (or its link no longer works). */
function redaction(mail: Pick<OutboxMail, 'text' | 'html' | 'sealed'>, secret: Buffer) {
  const open = openMail(mail, secret);
  return { text: redactedText(open.text), html: redactedHtml(open.html), sealed: false, redactedAt: new Date() };
}

/**
 * Writes a mail to the outbox in the caller's transaction, its content sealed with the instance secret.
 * With SMTP configured it is queued for the worker (sent only if the transaction commits); without, it
 * stays `stored` until the operator passes it on.
 */
export async function storeMail(
  tx: Db,
  config: Pick<Config, 'mail' | 'secret'>,
  mail: NewMail,
): Promise<{ id: string; status: OutboxMail['status'] }> {
  const status = config.mail.smtpUrl ? 'queued' : 'stored';
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      ...mail,
      text: encryptSecret(mail.text, config.secret),
      html: encryptSecret(mail.html, config.secret),
      sealed: true,
      status,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('the mail was not stored');
  if (status === 'queued') await enqueue(tx, QUEUES.mail, { mailId: row.id }, { maxAttempts: 5 });
  return { id: row.id, status };
}

/**
 * Removes the links of a user's reset mails that wait in the outbox for the operator (the link was
 * used, or a newer one replaces it): nobody can read a live link from them any more.
 */
export async function redactResetMails(tx: Db, config: Pick<Config, 'secret'>, to: string): Promise<void> {
  const waiting = await tx
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, to),
        eq(mailOutbox.kind, 'password_reset'),
        eq(mailOutbox.status, 'stored'),
        isNull(mailOutbox.redactedAt),
      ),
    );
  for (const mail of waiting)
    await tx.update(mailOutbox).set(redaction(mail, config.secret)).where(eq(mailOutbox.id, mail.id));
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
  { db, config, transport }: { db: Db; config: Pick<Config, 'mail' | 'secret'>; transport?: MailTransport },
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
      ...openMail(mail, config.secret),
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
    .set({ status: 'sent', sentAt: new Date(), error: null, ...redaction(mail, config.secret) })
    .where(eq(mailOutbox.id, mail.id));
  logger.info({ mailId: mail.id, kind: mail.kind }, 'mail sent');
}

/** One mail as the operator sees it: never a live link. */
export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  kind: MailKind;
  status: OutboxMail['status'];
  error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The text once its links are removed (sent, passed on, used or replaced); null while it waits. */
  text: string | null;
  /** Waiting for the operator (no SMTP): `mail-pass-on` shows it once. */
  can_pass_on: boolean;
}

const entryOf = (mail: OutboxMail): OutboxEntry => ({
  id: mail.id,
  to: mail.to,
  subject: mail.subject,
  kind: mail.kind,
  status: mail.status,
  error: mail.error,
  created_at: mail.createdAt.toISOString(),
  sent_at: mail.sentAt?.toISOString() ?? null,
  text: mail.redactedAt ? mail.text : null,
  can_pass_on: mail.status === 'stored' && !mail.redactedAt,
});

/** The operator's view of the outbox, newest first: who, what and its state; no live link. */
export async function listOutbox(db: Db, limit = 100): Promise<OutboxEntry[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  return rows.map(entryOf);
}

/**
 * Without SMTP the operator is the mail's carrier: answers its text once, to pass on, and in the same
 * transaction marks it sent and keeps only the redacted copy. A second call is 409.
 */
export async function passOnMail(
  db: Db,
  config: Pick<Config, 'secret'>,
  id: string,
): Promise<{ mail: OutboxEntry; text: string }> {
  return db.transaction(async (tx) => {
    const [mail] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
    if (!mail) throw new AppError('NOT_FOUND', 'No mail with this id in the outbox');
    if (mail.status !== 'stored' || mail.redactedAt)
      throw new AppError(
        'CONFLICT',
        mail.redactedAt
          ? 'This mail was already passed on, or its link was used or replaced: the outbox keeps no link'
          : 'This mail is sent over SMTP, not passed on by the operator',
      );
    const { text } = openMail(mail, config.secret);
    const [done] = await tx
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), ...redaction(mail, config.secret) })
      .where(eq(mailOutbox.id, id))
      .returning();
    if (!done) throw new AppError('NOT_FOUND', 'No mail with this id in the outbox');
    return { mail: entryOf(done), text };
  });
}
