import { z } from 'zod';
import { imageQualities } from '@/contracts/jobs';
import type { Needs } from '@/server/upstreams/select';

/** What the worker runs: the request with the prompt resolved and defaults applied. */
export interface ImageJobInput extends Record<string, unknown> {
  prompt: string;
  ratio: string;
  quality: (typeof imageQualities)[number];
  background: 'transparent' | 'opaque' | null;
  reference_images: string[];
  image_url: string | null;
  mask: string | null;
  model: string | null;
  provider: string | null;
  /** How the prompt was given, for the console. */
  source: { kind: 'prompt' } | { kind: 'skill'; slug: string } | { kind: 'template'; id: string; slug?: string };
  /** What callers see as the job's prompt when it differs from the one sent upstream (a skill's prompt is never shown). */
  display_prompt?: string;
}

export const imageJobInputSchema = z.object({
  prompt: z.string(),
  ratio: z.string(),
  quality: z.enum(imageQualities),
  background: z.enum(['transparent', 'opaque']).nullable(),
  reference_images: z.array(z.string()),
  image_url: z.string().nullable(),
  mask: z.string().nullable(),
  model: z.string().nullable(),
  provider: z.string().nullable(),
  source: z.union([
    z.object({ kind: z.literal('prompt') }),
    z.object({ kind: z.literal('skill'), slug: z.string() }),
    z.object({ kind: z.literal('template'), id: z.string(), slug: z.string().optional() }),
  ]),
  display_prompt: z.string().optional(),
});

/** What an image job needs of an upstream: checked at submission (400 when none can) and again when it runs. */
export function imageNeeds(
  input: Pick<ImageJobInput, 'reference_images' | 'mask' | 'background'> & {
    ratio?: string | undefined;
    image_url?: string | null | undefined;
  },
): Needs {
  return {
    ratio: input.ratio,
    referenceImages: input.reference_images.length || undefined,
    // The image to repaint travels as the first input image, so only a job with neither is prompt-only.
    withoutReferences: (input.reference_images.length === 0 && !input.image_url) || undefined,
    mask: input.mask !== null || undefined,
    transparentBackground: input.background === 'transparent' || undefined,
  };
}
