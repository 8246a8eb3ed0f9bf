'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { PasskeyAdd } from '@/app/(console)/account/passkey-add';
import { TwoFactorSetup } from '@/app/(console)/account/two-factor-setup';
import { finishOperatorPasskeyAction, startOperatorPasskeyAction } from '../(area)/account/actions';
import { confirmOperatorEnrolment, startOperatorEnrolment } from './actions';

/**
 * The operator's mandatory enrolment, then the way into the operator area: an authenticator app, or a
 * passkey (once added, the page reloads and the operator area opens).
 */
export function OperatorEnrolForm() {
  const t = useTranslations('operator.enrol');
  return (
    <div className="space-y-6">
      <TwoFactorSetup
        actions={{ start: startOperatorEnrolment, confirm: confirmOperatorEnrolment }}
        after={
          <Link
            href="/operator"
            className="mt-4 inline-flex rounded-lg bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-800"
          >
            {t('continue')}
          </Link>
        }
      />
      <div className="space-y-3 border-t border-slate-200 pt-5">
        <p className="text-sm text-slate-600">{t('passkey')}</p>
        <PasskeyAdd actions={{ start: startOperatorPasskeyAction, finish: finishOperatorPasskeyAction }} />
      </div>
    </div>
  );
}
