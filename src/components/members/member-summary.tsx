import { Badge } from '../ui/badge';
import { cn } from '../ui/cn';
import { formatNumber } from '../console/format';
import { KeyField } from './key-field';
import { initialOf, type Member } from './model';

/** Who a member is and how they are funded: avatar, nickname, badges, email, credits and key. */
export function MemberSummary({ member, titleId, highlight }: { member: Member; titleId: string; highlight?: boolean }) {
  const name = member.nickname;
  return (
    <>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-full text-sm font-semibold ring-1 ring-inset',
            member.disabled ? 'bg-slate-100 text-slate-400 ring-slate-200' : 'bg-indigo-50 text-indigo-700 ring-indigo-100',
          )}
        >
          {initialOf(name)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={titleId} className="min-w-0 text-sm font-semibold break-words text-slate-900">
              {name}
            </h3>
            {member.mode === 'dedicated' ? <Badge tone="amber">Dedicated</Badge> : <Badge tone="indigo">Shared pool</Badge>}
            {member.disabled && <Badge tone="rose">Disabled</Badge>}
            {highlight && <Badge tone="emerald">New</Badge>}
          </div>
          <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-500">{member.email}</p>
        </div>
      </div>

      <dl className="mt-3 grid grid-cols-[4.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 sm:pl-13">
        <dt className="text-xs font-medium text-slate-500">Credits</dt>
        <dd className="text-sm text-slate-700" data-testid="member-credits">
          {member.mode === 'dedicated' ? (
            <>
              <span className="font-semibold text-slate-900 tabular-nums">{formatNumber(member.credits ?? 0)}</span> left
            </>
          ) : (
            'Shared pool'
          )}
          <span className="text-slate-400"> · </span>
          <span className="tabular-nums">{formatNumber(member.spent)}</span> spent
        </dd>
        <dt className="col-span-2 text-xs font-medium text-slate-500 sm:col-span-1">API key</dt>
        <dd className="col-span-2 -mt-1 min-w-0 sm:col-span-1 sm:mt-0">
          <KeyField apiKey={member.api_key} owner={name} />
        </dd>
      </dl>
    </>
  );
}
