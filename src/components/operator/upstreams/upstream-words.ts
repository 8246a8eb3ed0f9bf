'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { get } from 'react-hook-form';
import type { Capabilities } from '@/contracts/upstreams';
import { capabilityWords } from './capability-fields';

type Words = ReturnType<typeof useTranslations<'operatorUpstreams'>>;

/** A capability's name in the page's language; a capability newer than the catalogue by its key. */
export const capabilityLabel = (t: Words, key: string) =>
  t.has(`capabilities.${key}` as 'capabilities.mask') ? t(`capabilities.${key}` as 'capabilities.mask') : key;

export const sizeRuleLabel = (t: Words, key: string) =>
  t.has(`sizeRule.${key}` as 'sizeRule.max_side') ? t(`sizeRule.${key}` as 'sizeRule.max_side') : key;

/** What a model can do, in words of the page's language. */
export function useCapabilityWords() {
  const t = useTranslations('operatorUpstreams');
  return useCallback(
    (caps: Capabilities) =>
      capabilityWords(caps, {
        label: (key) => capabilityLabel(t, key),
        seconds: (min, max) => t('form.seconds', { min, max }),
        rule: (key) => sizeRuleLabel(t, key),
      }),
    [t],
  );
}

/** A preset's and a region's name; one the catalogue does not know yet by its id. */
export const presetName = (t: Words, id: string) =>
  t.has(`presets.${id}` as 'presets.openai-chat') ? t(`presets.${id}` as 'presets.openai-chat') : id;
export const regionName = (t: Words, region: string) =>
  t.has(`regions.${region}` as 'regions.global') ? t(`regions.${region}` as 'regions.global') : region;

/** The message of a field's error anywhere in the form's errors, by its path. */
export const errorAt = (errors: object, path: string): string | undefined =>
  get<object, { message?: string } | undefined>(errors, path)?.message;
