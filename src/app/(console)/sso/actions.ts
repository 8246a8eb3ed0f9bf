'use server';

import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { textField } from '@/app/login/login-schema';
import { saveSsoSettings } from '@/server/domain/auth/sso/settings';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';
import { currentMe, requireSession } from '@/trpc/server';

export interface SsoFormState {
  done: boolean;
  error: string | null;
  fields: Record<string, string>;
}

/**
 * Saves the tenant's single sign-on from the console (tenant admins of an organisation). Every
 * refusal names the field and the rule; a provider that does not answer is named with its reason.
 */
export async function saveSsoAction(_previous: SsoFormState, form: FormData): Promise<SsoFormState> {
  const session = await requireSession();
  const t = await getTranslations('sso.settings.errors');
  if ((await currentMe()).personal) return { done: false, error: t('personal'), fields: {} };
  const { db, config } = await getRuntime();
  try {
    const saved = await saveSsoSettings({ db, config }, session.tenantId, {
      slug: textField(form, 'slug'),
      issuer: textField(form, 'issuer'),
      clientId: textField(form, 'clientId'),
      clientSecret: textField(form, 'clientSecret'),
      domains: textField(form, 'domains'),
      createAccounts: form.get('createAccounts') === 'on',
      enabled: form.get('enabled') === 'on',
    });
    if (saved.ok) {
      revalidatePath('/sso');
      return { done: true, error: null, fields: {} };
    }
    const { field, rule } = saved.refused;
    const detail = 'detail' in saved.refused ? saved.refused.detail : '';
    return { done: false, error: null, fields: { [field]: t(rule, { detail }) } };
  } catch (err) {
    logger.error({ err }, 'single sign-on settings were not saved');
    return { done: false, error: t('failed'), fields: {} };
  }
}
