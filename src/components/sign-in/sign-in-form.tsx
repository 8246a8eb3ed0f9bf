'use client';

import { useTranslations } from 'next-intl';
import { startTransition, useActionState, useMemo, type ComponentProps, type ReactNode } from 'react';
import type { DefaultValues, FieldErrors, FieldPath, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  FormRootError,
  useZodForm,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/** What a sign-in action answers: the refusal, if any, and whatever it echoes back. */
export interface SignInState {
  error: string | null;
}

/** One input of a sign-in form; every one is required. */
export interface SignInInput<TValues extends FieldValues> {
  name: FieldPath<TValues>;
  label: string;
  /** Help under the input, read with it. */
  description?: ReactNode;
  input: Omit<ComponentProps<'input'>, 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'>;
}

interface SignInFormProps<S extends z.ZodType<unknown, FieldValues>, St extends SignInState> {
  schema: S;
  /** The server action that signs in; it checks the fields again, for browsers without JavaScript. */
  action: (previous: St, form: FormData) => Promise<St>;
  initialState: St;
  /** The fields' values at the start, from the state (a failed attempt may echo what was typed). */
  defaults: (state: St) => z.input<S>;
  inputs: SignInInput<z.input<S>>[];
  /** Id of the refusal shown above the inputs. */
  errorId: string;
}

/**
 * A sign-in form posting to a server action. A refusal is said once, above the form, and marks every
 * input; each attempt's answer is shown anew.
 */
export function SignInForm<S extends z.ZodType<unknown, FieldValues>, St extends SignInState>({
  schema,
  action,
  initialState,
  defaults,
  inputs,
  errorId,
}: SignInFormProps<S, St>) {
  const t = useTranslations('signIn');
  const [state, signIn, pending] = useActionState<St, FormData>(action, initialState as Awaited<St>);
  const errors = useMemo(() => {
    if (!state.error) return undefined;
    const refused = { type: 'server', message: state.error };
    return {
      root: { server: refused },
      ...Object.fromEntries(inputs.map((i) => [i.name, refused])),
    } as unknown as FieldErrors<z.input<S>>;
  }, [state, inputs]);
  const form = useZodForm(schema, {
    defaultValues: defaults(state) as DefaultValues<z.input<S>>,
    errors,
    mode: 'onSubmit',
  });

  return (
    <Form {...form}>
      <form
        action={signIn}
        // With JavaScript the fields are checked here first; without it the action checks them.
        onSubmit={(e) => {
          const data = new FormData(e.currentTarget);
          void form.handleSubmit(() => startTransition(() => signIn(data)))(e);
        }}
        noValidate
        className="space-y-5"
      >
        <FormRootError id={errorId} />
        {inputs.map(({ name, label, description, input }) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <FormItem>
                <FormLabel>{label}</FormLabel>
                <FormControl described={description !== undefined}>
                  <Input {...field} {...input} required />
                </FormControl>
                {description !== undefined && <FormDescription>{description}</FormDescription>}
                {/* The refusal above is read with the field, not shown twice. */}
                <FormMessage className={fieldState.error?.type === 'server' ? 'sr-only' : undefined} />
              </FormItem>
            )}
          />
        ))}
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? t('submitting') : t('submit')}
        </Button>
      </form>
    </Form>
  );
}
