'use client';

import { useMemo, useState } from 'react';
import type { ConversionAnswer } from '@/contracts/image-template';
import { buildDraft, initialChoices, setLabel, toggleVariable } from './draft';

/** The draft of one conversion as the user shapes it, and which text is pointed at (on the image or in the list). */
export function useTemplateDraft(answer: ConversionAnswer) {
  const [choices, setChoices] = useState(() => initialChoices(answer.text_layers));
  // The text under the pointer wins over the one picked (clicked or focused), which stays marked.
  const [hovered, setHovered] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const draft = useMemo(() => buildDraft(answer.prompt, answer.text_layers, choices), [answer, choices]);
  return {
    draft,
    choices,
    active: hovered ?? selected,
    selected,
    hover: setHovered,
    select: setSelected,
    toggle: (index: number, on: boolean) => setChoices((c) => toggleVariable(c, index, on)),
    label: (index: number, text: string) => setChoices((c) => setLabel(c, index, text)),
  };
}

export type TemplateDraftState = ReturnType<typeof useTemplateDraft>;
