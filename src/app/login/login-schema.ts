import { z } from 'zod';

/** The workspace sign-in, checked in the browser before the action runs and by the action itself. */
export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Enter your password'),
});

/** A text field of a submitted form; anything else (a file, nothing) reads as empty. */
export function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
