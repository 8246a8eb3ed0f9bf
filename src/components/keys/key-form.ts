import { z } from 'zod';
import { keyKinds, spendPeriods, type KeyKind } from '@/contracts/keys';
import type { RouterOutputs } from '@/trpc/react';
import { filled, optionalText } from '@/components/console/form-rules';

/** A key's policy as the API answers it (a named or primary key's, or a member's default). */
export type KeyPolicy = NonNullable<RouterOutputs['keys']['list']['keys'][number]['policy']>;

/** The texts the form's rules say, from the `keys.form` catalogue. */
export interface KeyFormWords {
  labelMissing: string;
  rpmInvalid: string;
  expiresInvalid: string;
}

/** The key form as typed: a label, ticked kinds, and the policy's fields as text. */
export interface KeyFormValues {
  label: string;
  kinds: KeyKind[];
  expires: string;
  ips: string;
  rpm: string;
  models: string;
  concurrent: string;
  cap: string;
  capPeriod: (typeof spendPeriods)[number];
}

export const emptyKeyForm: KeyFormValues = {
  label: '',
  kinds: [],
  expires: '',
  ips: '',
  rpm: '',
  models: '',
  concurrent: '',
  cap: '',
  capPeriod: 'day',
};

/** A whole number of 1 or more typed in any width of digits, or nothing. */
const wholeNumber = (message: string) =>
  z
    .string()
    .transform((raw) => raw.normalize('NFKC').replace(/[,\s]/g, ''))
    .transform((text) => (text === '' ? undefined : /^\d+$/.test(text) ? Number(text) : Number.NaN))
    .pipe(z.number(message).int(message).min(1, message).optional());

const listOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((r) => r.trim())
    .filter(Boolean);

/** A local date and time for a `datetime-local` field, from an instant. */
function localInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The form filled with a key's label and policy, to change them. */
export function keyFormValues(label: string | null, policy: KeyPolicy | null): KeyFormValues {
  return {
    label: label ?? '',
    kinds: policy?.kinds ?? [],
    expires: policy?.expires_at ? localInput(policy.expires_at) : '',
    ips: (policy?.allowed_ips ?? []).join('\n'),
    rpm: policy?.requests_per_minute?.toString() ?? '',
    models: (policy?.models ?? []).join('\n'),
    concurrent: policy?.max_concurrent?.toString() ?? '',
    cap: policy?.spend_cap?.credits.toString() ?? '',
    capPeriod: policy?.spend_cap?.period ?? 'day',
  };
}

/**
 * The form's rules (what the browser can tell before sending), turning the text into the body of
 * `keys.create` or `keys.update`: no kind ticked is no restriction, a local date and time becomes an
 * instant, one range or model per line or comma. The server's contract decides the rest (a CIDR
 * range, the bounds). `labelled` false: a primary key, which has no label.
 */
export function keyFormSchema(words: KeyFormWords, labelled = true) {
  return z
    .object({
      label: labelled ? filled(words.labelMissing).pipe(z.string().max(80)) : z.string(),
      kinds: z.array(z.enum(keyKinds)),
      expires: optionalText.pipe(
        z
          .string()
          .refine((v) => !Number.isNaN(Date.parse(v)), words.expiresInvalid)
          .optional(),
      ),
      ips: z.string(),
      rpm: wholeNumber(words.rpmInvalid),
      models: z.string(),
      concurrent: wholeNumber(words.rpmInvalid),
      cap: wholeNumber(words.rpmInvalid),
      capPeriod: z.enum(spendPeriods),
    })
    .transform((v) => {
      const ranges = listOf(v.ips);
      const models = listOf(v.models);
      const policy = {
        ...(v.kinds.length > 0 ? { kinds: v.kinds } : {}),
        ...(v.expires ? { expires_at: new Date(v.expires).toISOString() } : {}),
        ...(ranges.length > 0 ? { allowed_ips: ranges } : {}),
        ...(typeof v.rpm === 'number' ? { requests_per_minute: v.rpm } : {}),
        ...(models.length > 0 ? { models } : {}),
        ...(typeof v.concurrent === 'number' ? { max_concurrent: v.concurrent } : {}),
        ...(typeof v.cap === 'number' ? { spend_cap: { credits: v.cap, period: v.capPeriod } } : {}),
      };
      return { label: v.label, ...(Object.keys(policy).length > 0 ? { policy } : {}) };
    });
}

/** The form's body: the label and, when any field is filled, the policy. */
export type KeyFormOutput = z.output<ReturnType<typeof keyFormSchema>>;

/** Where a refusal of the body goes in the form (`policy.allowed_ips[2]` under the ranges). */
export function formFieldOf(path: readonly (string | number)[]): keyof KeyFormValues | null {
  const [first, second] = path;
  if (first === 'label') return 'label';
  if (first !== 'policy') return null;
  switch (second) {
    case 'kinds':
      return 'kinds';
    case 'expires_at':
      return 'expires';
    case 'allowed_ips':
      return 'ips';
    case 'requests_per_minute':
      return 'rpm';
    case 'models':
      return 'models';
    case 'max_concurrent':
      return 'concurrent';
    case 'spend_cap':
      return 'cap';
    default:
      return null;
  }
}
