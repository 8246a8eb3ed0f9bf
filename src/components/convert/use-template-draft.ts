'use client';

import { useMemo, useState } from 'react';
import type { ConversionAnswer } from '@/contracts/image-template';
import { buildDraft, initialChoices, setLabel, toggleVariable } from './draft';

/** The draft of one conversion as the user shapes it, and which text is pointed at (on the image or in the list). */
export function useTemplateDraft(answer: ConversionAnswer) {
  const [choices, setChoices] = useState(() => initialChoices(answer.text_layers));
  const [active, setActive] = useState<number | null>(null);
  const draft = useMemo(() => buildDraft(answer.prompt, answer.text_layers, choices), [answer, choices]);
  return {
    draft,
    choices,
    active,
    setActive,
    toggle: (index: number, on: boolean) => setChoices((c) => toggleVariable(c, index, on)),
    label: (index: number, text: string) => setChoices((c) => setLabel(c, index, text)),
  };
}

export type TemplateDraftState = ReturnType<typeof useTemplateDraft>;
