'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { InlineText } from './inline-text';
import type { Endpoint } from './openapi-model';

/** The statuses an endpoint can answer with and when, each linking to the shared error body (loaded on demand). */
export function EndpointErrors({ errors }: { errors: Endpoint['errors'] }) {
  const t = useTranslations('apiDocs.errors');
  return (
    <table className="mt-2 w-full text-left text-sm">
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-500">
          <th scope="col" className="w-20 py-1.5 pr-3 font-medium">
            {t('status')}
          </th>
          <th scope="col" className="py-1.5 font-medium">
            {t('meaning')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {errors.map((e) => (
          <tr key={e.status} className="align-top">
            <td className="py-1.5 pr-3">
              <Link href="/docs#errors" className="docs-status">
                {e.status}
              </Link>
            </td>
            <td className="py-1.5 text-slate-600">
              <InlineText text={e.description} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
