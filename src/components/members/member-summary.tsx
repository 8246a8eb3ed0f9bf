import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { usePolicyRules } from '@/components/keys/policy-rules';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { KeyField } from './key-field';
import { initialOf, type Member } from './model';

/**
 * Who a member is and how they are funded: avatar, nickname, badges, email, credits, key, the default
 * policy of their keys and how many named keys they hold.
 */
export function MemberSummary({
  member,
  titleId,
  highlight,
  namedKeys,
}: {
  member: Member;
  titleId: string;
  highlight?: boolean | undefined;
  namedKeys?: number | undefined;
}) {
  const name = member.nickname;
  const t = useTranslations('members.summary');
  const format = useFormatter();
  const rules = usePolicyRules()(member.default_key_policy);
  return (
    <>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-full text-sm font-semibold ring-1 ring-inset',
            member.disabled
              ? 'bg-slate-100 text-slate-600 ring-slate-200'
              : 'bg-indigo-50 text-indigo-700 ring-indigo-100',
          )}
        >
          {initialOf(name)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={titleId} className="min-w-0 text-sm font-semibold break-words text-slate-900">
              {name}
            </h3>
            {member.mode === 'dedicated' ? (
              <Badge tone="amber">{t('dedicated')}</Badge>
            ) : (
              <Badge tone="indigo">{t('shared')}</Badge>
            )}
            {member.disabled && <Badge tone="rose">{t('disabled')}</Badge>}
            {highlight && <Badge tone="emerald">{t('new')}</Badge>}
          </div>
          <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-500">{member.email}</p>
        </div>
      </div>

      <dl className="mt-3 grid grid-cols-[4.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 sm:pl-13">
        <dt className="text-xs font-medium text-slate-500">{t('credits')}</dt>
        <dd className="text-sm text-slate-700" data-testid="member-credits">
          {member.mode === 'dedicated'
            ? t.rich('left', {
                credits: member.credits ?? 0,
                amount: format.number(member.credits ?? 0, 'credits'),
                figure: (chunks) => <span className="font-semibold text-slate-900 tabular-nums">{chunks}</span>,
              })
            : t('shared')}
          <span className="text-slate-500"> · </span>
          {t.rich('spent', {
            credits: member.spent,
            amount: format.number(member.spent, 'credits'),
            figure: (chunks) => <span className="tabular-nums">{chunks}</span>,
          })}
        </dd>
        <dt className="col-span-2 text-xs font-medium text-slate-500 sm:col-span-1">{t('apiKey')}</dt>
        <dd className="col-span-2 -mt-1 min-w-0 sm:col-span-1 sm:mt-0">
          <KeyField apiKey={member.api_key} owner={name} />
        </dd>
        <dt className="text-xs font-medium text-slate-500">{t('keyPolicy')}</dt>
        <dd className="min-w-0 text-xs leading-5 break-words text-slate-600" data-testid="member-key-policy">
          {rules.length > 0 ? rules.join(' · ') : t('noKeyPolicy')}
          {namedKeys !== undefined && (
            <>
              <span className="text-slate-500"> · </span>
              <Link href="/keys" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
                {t('namedKeys', { count: namedKeys })}
              </Link>
            </>
          )}
        </dd>
      </dl>
    </>
  );
}
