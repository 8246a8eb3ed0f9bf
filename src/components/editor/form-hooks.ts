import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/** A refusal shown under the form goes away as soon as the person changes anything. */
export function useClearRefusalOnChange<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'subscribe' | 'clearErrors' | 'formState'>,
) {
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: () => {
          if (form.formState.errors.root?.server) form.clearErrors('root.server');
        },
      }),
    [form],
  );
}

/** While `active`, leaving the page (reload, closing the tab) asks first. */
export function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
