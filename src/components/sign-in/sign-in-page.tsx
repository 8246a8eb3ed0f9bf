import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Wordmark } from '@/components/wordmark';

/** The glow behind the top of the page, by audience. */
const GLOWS = {
  indigo: 'bg-[radial-gradient(60%_100%_at_50%_0%,var(--color-indigo-100),transparent)]',
  slate: 'bg-[radial-gradient(60%_100%_at_50%_0%,var(--color-slate-200),transparent)]',
};

interface SignInPageProps {
  glow: keyof typeof GLOWS;
  /** Shown between the wordmark and the heading (who the page is for). */
  badge?: ReactNode;
  /** At the top right of the page: the language switch. */
  corner?: ReactNode;
  title: string;
  lead: string;
  /** The line under the card: where the other audience signs in. */
  footer: ReactNode;
  /** The form, inside the card. */
  children: ReactNode;
}

/** A sign-in page: the wordmark, one heading and a sentence over a card with the form, and a pointer to the other sign-in. */
export function SignInPage({ glow, badge, corner, title, lead, footer, children }: SignInPageProps) {
  return (
    <main className="relative isolate flex min-h-screen flex-col items-center justify-center overflow-hidden px-4 py-12">
      <div aria-hidden="true" className={cn('absolute inset-x-0 top-0 -z-10 h-[28rem]', GLOWS[glow])} />
      {corner && <div className="absolute top-4 right-4">{corner}</div>}
      <div className="w-full max-w-sm">
        <div className="flex flex-col items-center text-center">
          <Wordmark size="lg" />
          {badge}
          <h1 className={cn('text-xl font-semibold tracking-tight text-slate-900', badge ? 'mt-6' : 'mt-8')}>
            {title}
          </h1>
          <p className="mt-2 text-sm text-balance text-slate-500">{lead}</p>
        </div>
        <Card className="mt-8 p-6 sm:p-8">{children}</Card>
        <p className="mt-6 text-center text-xs leading-5 text-balance text-slate-500">{footer}</p>
      </div>
    </main>
  );
}

/** What a sign-in route receives: next-auth sends failed sign-ins made outside the form back with `?error=`. */
export interface SignInRouteProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The refusal to show on arrival: none, wrong credentials, too many attempts, or signing in not possible now. */
export async function arrivalError(
  searchParams: SignInRouteProps['searchParams'],
  messages: { wrong: string; throttled: string; unavailable: string },
): Promise<string | null> {
  const { error, code } = await searchParams;
  if (!error) return null;
  if (error !== 'CredentialsSignin') return messages.unavailable;
  return code === 'too_many_attempts' ? messages.throttled : messages.wrong;
}
