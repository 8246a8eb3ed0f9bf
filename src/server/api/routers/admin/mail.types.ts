import { z } from 'zod';
import { mailKinds, mailStatuses } from '@/server/db/schema';

const d = (description: string) => ({ description });

/** One outbox mail as the operator sees it: never a live link. */
const outboxMail = z.object({
  id: z.string().meta(d('The mail (uuid)')),
  to: z.string().meta(d('The recipient')),
  subject: z.string().meta(d('The subject line, in the recipient’s language')),
  kind: z.enum(mailKinds).meta(d('What the mail is for: password_reset')),
  status: z.enum(mailStatuses).meta(d('stored (waits for the operator: no SMTP), queued, sent (or passed on), failed')),
  error: z.string().nullable().meta(d('The last delivery error')),
  created_at: z.string().meta(d('When it was written (ISO 8601)')),
  sent_at: z.string().nullable().meta(d('When it was sent or passed on')),
  text: z
    .string()
    .nullable()
    .meta(d('Its text with links removed, once sent, passed on, used or replaced; null while it waits')),
  can_pass_on: z.boolean().meta(d('Waits for the operator: `mail-pass-on` shows its text once')),
});

/** The answers of the outbox actions. */
export const mailActionAnswers = {
  'mail-list': z.object({ mails: z.array(outboxMail).meta(d('The newest 100, newest first')) }),
  'mail-pass-on': z.object({
    mail: outboxMail.meta(d('The mail, now sent and redacted')),
    text: z.string().meta(d('Its full text with the link, shown this once: pass it on to the recipient')),
  }),
};
