'use client';

import { useTranslations } from 'next-intl';
import type { AdapterKind } from '@/contracts/upstreams';
import { Input } from '@/components/ui/input';

/** Protocols whose key is a pair (Kling's `<access key>:<secret key>`): the form asks for each half. */
export const KEY_PAIR_ADAPTERS: readonly AdapterKind[] = ['kling'];

/** The two halves of a pair key as typed; both empty stays empty, so an edit keeps the stored key. */
export function splitKeyPair(key: string): [string, string] {
  const at = key.indexOf(':');
  return at < 0 ? [key, ''] : [key.slice(0, at), key.slice(at + 1)];
}
export const joinKeyPair = (access: string, secret: string): string =>
  access === '' && secret === '' ? '' : `${access}:${secret}`;

interface Props {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  placeholder?: string | undefined;
}

/** Access key and secret key side by side, joined into the one key field the channel stores. */
export function KeyPairInput({ id, value, onChange, onBlur, placeholder }: Props) {
  const t = useTranslations('operatorUpstreams.fields');
  const [access, secret] = splitKeyPair(value);
  return (
    <div className="grid gap-2 sm:grid-cols-2" data-testid="key-pair">
      <Input
        id={id}
        aria-label={t('accessKey')}
        placeholder={placeholder ?? t('accessKey')}
        value={access}
        onChange={(e) => onChange(joinKeyPair(e.target.value.trim(), secret))}
        onBlur={onBlur}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
      />
      <Input
        type="password"
        aria-label={t('secretKey')}
        placeholder={placeholder ?? t('secretKey')}
        value={secret}
        onChange={(e) => onChange(joinKeyPair(access, e.target.value.trim()))}
        onBlur={onBlur}
        autoComplete="new-password"
        spellCheck={false}
      />
    </div>
  );
}
