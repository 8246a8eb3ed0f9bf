import { isSupportedRatio } from '@/contracts/ratios';
import type { RouterOutputs } from '@/trpc/react';

/** The shapes always offered; a skill or template may add its own (e.g. 2:3, 3:2). */
export const RATIOS = ['1:1', '3:4', '4:3', '9:16', '16:9'] as const;
/** W:H in whole numbers between 1:4 and 4:1, as the API takes it. */
export type Ratio = string;

export { isSupportedRatio };

/** The ratios to offer: the usual ones, then the recipe's and the current choice when they are not among them. */
export function ratioChoices(...extra: ReadonlyArray<string | null | undefined>): string[] {
  const out: string[] = [...RATIOS];
  for (const r of extra) if (isSupportedRatio(r) && !out.includes(r)) out.push(r);
  return out;
}

export const QUALITIES = ['low', 'medium', 'high'] as const;
export type Quality = (typeof QUALITIES)[number];

export const BACKGROUNDS = ['default', 'transparent', 'opaque'] as const;
export type Background = (typeof BACKGROUNDS)[number];

export type Prices = Record<Quality, number>;

type AnyModel = RouterOutputs['models']['available']['models'][number];
/** An image model entry: auto, a family, or one channel. */
export type ImageModel = Extract<AnyModel, { capabilities: unknown }>;

export function isImageModel(m: AnyModel): m is ImageModel {
  return 'capabilities' in m;
}
