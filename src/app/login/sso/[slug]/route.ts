import { redirect } from 'next/navigation';
import { nextPath } from '@/app/login/next-path';
import { findSsoTenant } from '@/server/domain/auth/sso/settings';
import { getRuntime } from '@/server/runtime';
import { goToProvider, refusedPath } from '../attempt-cookie';

/** A tenant's single sign-on link, `/login/sso/<slug>`: straight to its provider. */
export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const next = nextPath(new URL(request.url).searchParams.get('next') ?? undefined);
  const { db, config } = await getRuntime();
  const tenant = /^[a-z0-9-]{1,40}$/.test(slug) ? await findSsoTenant({ db, config }, { slug }) : null;
  if (!tenant) redirect(refusedPath('unavailable'));
  return goToProvider(tenant, next);
}
