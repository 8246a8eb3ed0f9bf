import 'server-only';
import { getTranslations } from 'next-intl/server';
import { z } from 'zod';
import { confirmationMatches, newPasswordFields } from '@/components/passwords/password-rules';
import { textField } from './login-schema';

/** The new password of a form (`password` and `confirm`), or each field's refusal in the page's language. */
export async function checkNewPassword(
  form: FormData,
): Promise<{ password: string } | { fields: Record<string, string> }> {
  const t = await getTranslations('passwords');
  const parsed = z
    .object(newPasswordFields(t))
    .superRefine(confirmationMatches(t))
    .safeParse({ password: textField(form, 'password'), confirm: textField(form, 'confirm') });
  if (parsed.success) return { password: parsed.data.password };
  return { fields: fieldRefusals(parsed.error) };
}

/** The first refusal of each field. */
export function fieldRefusals(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? '');
    fields[name] ??= issue.message;
  }
  return fields;
}

/** Minutes to wait, at least one, for a refusal that says how many seconds. */
export const minutesOf = (seconds: number | undefined) => Math.max(1, Math.ceil((seconds ?? 60) / 60));
