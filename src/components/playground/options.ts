import type { RouterOutputs } from '@/trpc/react';

export const RATIOS = ['1:1', '3:4', '4:3', '9:16', '16:9'] as const;
export type Ratio = (typeof RATIOS)[number];

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

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
