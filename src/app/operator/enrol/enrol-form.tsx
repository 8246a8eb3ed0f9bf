'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { TwoFactorSetup } from '@/app/(console)/account/two-factor-setup';
import { confirmOperatorEnrolment, startOperatorEnrolment } from './actions';

/** The operator's mandatory enrolment, then the way into the operator area. */
export function OperatorEnrolForm() {
  const t = useTranslations('operator.enrol');
  return (
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
  );
}
