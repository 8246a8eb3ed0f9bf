import { getFormatter, getTranslations } from 'next-intl/server';
import type { SessionView } from '@/server/domain/auth/console-sessions';
import { readDevice } from '@/server/domain/auth/device';
import { SessionEnd } from './session-end';

/** Where the user is signed in: device, address, signed in and last seen; any but this one can be ended. */
export async function SessionList({ sessions, current }: { sessions: SessionView[]; current: string | null }) {
  const [t, format] = await Promise.all([getTranslations('account.sessions'), getFormatter()]);
  return (
    <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" data-testid="sessions">
      {sessions.map((s) => {
        const { browser, system } = readDevice(s.device);
        const device = t('device', {
          browser: browser ?? t('unknownBrowser'),
          system: system ?? t('unknownSystem'),
        });
        const mine = s.sid === current;
        return (
          <li key={s.sid} className="flex items-start justify-between gap-3 px-3 py-3" data-current={mine || undefined}>
            <div className="min-w-0 space-y-0.5">
              <p className="font-medium text-slate-900">
                {device}
                {mine && (
                  <span className="ml-2 rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700">
                    {t('current')}
                  </span>
                )}
              </p>
              <p className="text-xs break-all text-slate-500">{t('address', { address: s.address })}</p>
              <p className="text-xs text-slate-500">
                {t('signedIn', { date: format.dateTime(s.signedInAt, 'minute') })} ·{' '}
                {t('lastSeen', { date: format.dateTime(s.lastSeenAt, 'minute') })}
              </p>
            </div>
            {!mine && <SessionEnd sid={s.sid} device={device} />}
          </li>
        );
      })}
    </ul>
  );
}
