import { z } from 'zod';

const d = (description: string) => ({ description });

/** An operator account as the Operators page shows it. */
export const operatorAccount = z.object({
  id: z.string().meta(d('The operator account (uuid)')),
  email: z.string().meta(d('The e-mail it signs in with')),
  two_factor: z.boolean().meta(d('Two-step verification is on (until it is, its sign-in leads to enrolment only)')),
  disabled: z.boolean().meta(d('Disabled by an operator: its sign-in and sessions are refused')),
  created_at: z.string().meta(d('When it was made (ISO 8601)')),
});

/** The answers of the operator-account and two-step reset actions. */
export const operatorActionAnswers = {
  'operator-list': z.object({ operators: z.array(operatorAccount).meta(d('Every operator account, oldest first')) }),
  'operator-create': z.object({
    operator: operatorAccount.meta(d('The operator account made')),
    password: z
      .string()
      .nullable()
      .meta(d('The generated password, shown this once (null when the body gave one): pass it on privately')),
  }),
  'operator-disable': z.object({ operator: operatorAccount.meta(d('The operator account as it is now')) }),
  'user-two-factor-reset': z.object({
    user: z
      .object({
        id: z.string().meta(d('The console user (uuid)')),
        email: z.string().meta(d('Their e-mail')),
        kind: z.string().meta(d('tenant_admin, platform_account or operator')),
      })
      .meta(d('The console user whose second factors were removed')),
    mail_id: z.string().meta(d('The notice written to the mail outbox, in their language')),
  }),
};
