'use client';

import { useEffect, type BaseSyntheticEvent, type RefObject } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { trpc } from '@/trpc/react';
import { applyServerError, type ServerIssue } from '@/components/ui/form';

/** Keeps the address in step with the form, so a reload or a shared link opens the same thing. */
export function useAddress(href: string) {
  useEffect(() => {
    if (`${window.location.pathname}${window.location.search}` !== href)
      window.history.replaceState(window.history.state, '', href);
  }, [href]);
}

/** Below the two-column layout the results sit under the form, out of sight: this brings them into view. */
export function revealResults(results: RefObject<HTMLElement | null>) {
  if (window.matchMedia('(max-width: 1023px)').matches) {
    requestAnimationFrame(() => results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }
}

/**
 * Sending a form whose answer costs credits: `submit` checks the values and hands them to `send`
 * unless the form is held (on its way, or blocked); `charge` runs the request, shows a refusal where it belongs, and
 * reads the credits left again either way.
 */
export function useChargedForm<TValues extends FieldValues, TOutput>(form: UseFormReturn<TValues, unknown, TOutput>) {
  const utils = trpc.useUtils();
  const me = trpc.session.me.useQuery();

  function submit(e: BaseSyntheticEvent | undefined, send: (values: TOutput) => Promise<void>, held: boolean) {
    e?.preventDefault();
    if (held) return;
    void form.handleSubmit(send)(e);
  }

  async function charge(request: () => Promise<void>, mapPath: (path: ServerIssue['path']) => Path<TValues> | null) {
    try {
      await request();
    } catch (err) {
      applyServerError(form, err, mapPath);
    } finally {
      void utils.session.me.invalidate();
    }
  }

  // What this user can spend: a member with dedicated credits is short when its own run out, whatever the pool holds.
  return { submit, charge, credits: me.data?.spendable };
}
