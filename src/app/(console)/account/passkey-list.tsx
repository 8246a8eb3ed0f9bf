import { getFormatter, getTranslations } from 'next-intl/server';
import type { ActionFormState } from '@/components/passwords/action-form';
import type { PasskeyView } from '@/server/domain/auth/passkeys';
import { removePasskeyAction } from './passkey-actions';
import { PasskeyRemove } from './passkey-remove';

/** The removal action of one passkey (its id bound first): the console's by default; the operator area passes its own. */
type RemoveAction = (passkeyId: string, previous: ActionFormState, form: FormData) => Promise<ActionFormState>;

/** The user's passkeys: name, when added and last used, and removal. */
export async function PasskeyList({
  passkeys,
  remove = removePasskeyAction,
}: {
  passkeys: PasskeyView[];
  remove?: RemoveAction;
}) {
  const [t, format] = await Promise.all([getTranslations('account.passkeys'), getFormatter()]);
  if (passkeys.length === 0) return <p className="text-sm text-slate-500">{t('none')}</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" data-testid="passkeys">
      {passkeys.map((p) => (
        <li key={p.id} className="space-y-1 px-3 py-3">
          <p className="font-medium break-all text-slate-900">{p.name}</p>
          <p className="text-xs text-slate-500">
            {t('addedOn', { date: format.dateTime(p.createdAt, 'minute') })} ·{' '}
            {p.lastUsedAt ? t('lastUsed', { date: format.dateTime(p.lastUsedAt, 'minute') }) : t('neverUsed')}
          </p>
          <PasskeyRemove name={p.name} action={remove.bind(null, p.id)} />
        </li>
      ))}
    </ul>
  );
}
