import { z } from 'zod';
import { keyKinds, type KeyKind } from '@/contracts/keys';
import { filled, optionalText } from '@/components/console/form-rules';

/** The texts the form's rules say, from the `keys.form` catalogue. */
export interface KeyFormWords {
  labelMissing: string;
  rpmInvalid: string;
  expiresInvalid: string;
}

/** The create-key form as typed: a label, ticked kinds, and the policy's fields as text. */
export interface KeyFormValues {
  label: string;
  kinds: KeyKind[];
  expires: string;
  ips: string;
  rpm: string;
}

export const emptyKeyForm: KeyFormValues = { label: '', kinds: [], expires: '', ips: '', rpm: '' };

/**
 * The form's rules (what the browser can tell before sending), turning the text into the body of
 * `keys.create`: no kind ticked is no restriction, a local date and time becomes an instant, one range per
 * line or comma. The server's contract decides the rest (a CIDR range, the rate's bounds).
 */
export function keyFormSchema(words: KeyFormWords) {
  return z
    .object({
      label: filled(words.labelMissing).pipe(z.string().max(80)),
      kinds: z.array(z.enum(keyKinds)),
      expires: optionalText.pipe(
        z
          .string()
          .refine((v) => !Number.isNaN(Date.parse(v)), words.expiresInvalid)
          .optional(),
      ),
      ips: z.string(),
      rpm: z
        .string()
        .transform((raw) => raw.normalize('NFKC').replace(/[,\s]/g, ''))
        .transform((text) => (text === '' ? undefined : /^\d+$/.test(text) ? Number(text) : Number.NaN))
        .pipe(z.number(words.rpmInvalid).int(words.rpmInvalid).min(1, words.rpmInvalid).optional()),
    })
    .transform((v) => {
      const ranges = v.ips
        .split(/[\s,]+/)
        .map((r) => r.trim())
        .filter(Boolean);
      const policy = {
        ...(v.kinds.length > 0 ? { kinds: v.kinds } : {}),
        ...(v.expires ? { expires_at: new Date(v.expires).toISOString() } : {}),
        ...(ranges.length > 0 ? { allowed_ips: ranges } : {}),
        ...(typeof v.rpm === 'number' ? { requests_per_minute: v.rpm } : {}),
      };
      return { label: v.label, ...(Object.keys(policy).length > 0 ? { policy } : {}) };
    });
}

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
    default:
      return null;
  }
}
