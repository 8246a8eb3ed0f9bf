import { z } from 'zod';
import { adapterKinds, type AdapterKind } from '@/contracts/upstreams';
import type { useTranslations } from 'next-intl';
import type { RouterInputs } from '@/trpc/react';
import type { Upstream } from './upstreams';

export type UpstreamUpsertInput = RouterInputs['admin']['upstreamUpsert'];
export const ADAPTERS = adapterKinds;
type Adapter = AdapterKind;

/** A starting point for the models list of each protocol, in the upstreams file's shape. */
export const MODEL_TEMPLATES: Record<Adapter, unknown[]> = {
  'openai-chat': [
    {
      family: 'chat-main',
      model: 'provider-model-id',
      media: ['chat'],
      cost_usd: 0.002,
      capabilities: { streaming: true, json_mode: true },
    },
  ],
  'openai-images': [
    {
      family: 'image-main',
      model: 'provider-model-id',
      media: ['image'],
      cost_usd: 0.04,
      capabilities: { qualities: ['low', 'medium', 'high'] },
    },
  ],
  // Replicate: an official model by owner/name; its sizes are one per aspect ratio it takes (docs/routing.md).
  replicate: [
    {
      family: 'flux-schnell',
      model: 'black-forest-labs/flux-schnell',
      media: ['image'],
      cost_usd: 0.003,
      capabilities: { sizes: ['1024x1024', '1344x768', '768x1344'], output_formats: ['png', 'jpeg', 'webp'] },
    },
  ],
  // Claude answers in text and tool calls; JSON mode has no faithful Messages equivalent, so it stays off.
  anthropic: [
    {
      family: 'claude-sonnet',
      model: 'claude-sonnet-4-5',
      media: ['chat', 'vision'],
      cost_usd: 0.01,
      capabilities: { streaming: true, tools: true, vision: true, json_mode: false },
    },
  ],
  // Seedream: a pixel range, reference images; no quality levels, no transparency (presets/ark-images.ts).
  'ark-images': [
    {
      family: 'seedream-4-0',
      model: 'doubao-seedream-4-0-250828',
      media: ['image'],
      cost_usd: 0.03,
      capabilities: {
        reference_images: true,
        max_reference_images: 10,
        sizes: { min_pixels: 921600, max_pixels: 16777216, max_aspect: 16 },
      },
    },
  ],
  gemini: [
    {
      family: 'gemini-flash-image',
      model: 'gemini-2.5-flash-image',
      media: ['image'],
      cost_usd: 0.039,
      capabilities: { reference_images: true, max_reference_images: 3 },
    },
    {
      family: 'gemini-flash',
      model: 'gemini-2.5-flash',
      media: ['chat', 'vision'],
      cost_usd: 0.0019,
      capabilities: { streaming: true, json_mode: true, tools: true, vision: true },
    },
  ],
  // A fal model by its endpoint id; known ids get their own input mapping (docs/routing.md, fal queue).
  'fal-queue': [
    {
      family: 'fal-nano-banana',
      model: 'fal-ai/nano-banana',
      media: ['image'],
      cost_usd: 0.039,
      capabilities: { reference_images: true, max_reference_images: 10 },
    },
  ],
  'ark-video': [
    {
      family: 'video-tier-id',
      model: 'provider-model-id',
      media: ['video'],
      cost_usd: 0.05,
      capabilities: { duration: { min: 4, max: 15 }, resolutions: ['720p'], first_frame: true },
    },
  ],
  // Sizes go as W*H; wan2.2 takes any size with sides 512-1440.
  dashscope: [
    {
      family: 'wan-image',
      model: 'wan2.2-t2i-flash',
      media: ['image'],
      cost_usd: 0.025,
      capabilities: { sizes: { min_side: 512, max_side: 1440, max_pixels: 2073600 } },
    },
  ],
};

export const modelsText = (models: unknown[]) => JSON.stringify(models, null, 2);

type Errors = ReturnType<typeof useTranslations<'operatorUpstreams.errors'>>;

/**
 * What the form holds: text as typed, the models as JSON text. Only what the browser can tell is
 * checked here (filled in, a number, JSON that is a list); the server checks the rest by field.
 */
export function channelFormSchema(errors: Errors) {
  return z.object({
    name: z.string().trim().min(1, errors('required')),
    provider: z.string().trim().min(1, errors('required')),
    adapter: z.enum(ADAPTERS),
    base_url: z.string().trim().min(1, errors('required')),
    api_key: z.string(),
    soft_timeout_ms: z.string().regex(/^\d+$/, errors('number')),
    enabled: z.boolean(),
    models: z.string().superRefine((text, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: errors('json', { message: (err as Error).message }) });
        return;
      }
      if (!Array.isArray(parsed)) ctx.addIssue({ code: 'custom', message: errors('list') });
    }),
  });
}

export type UpstreamFormValues = z.input<ReturnType<typeof channelFormSchema>>;

export function emptyUpstreamValues(): UpstreamFormValues {
  return {
    name: '',
    provider: '',
    adapter: 'openai-chat',
    base_url: '',
    api_key: '',
    soft_timeout_ms: '60000',
    enabled: true,
    models: modelsText(MODEL_TEMPLATES['openai-chat']),
  };
}

export function channelValuesOf(u: Upstream): UpstreamFormValues {
  return {
    name: u.name,
    provider: u.provider,
    adapter: (ADAPTERS as readonly string[]).includes(u.adapter) ? (u.adapter as Adapter) : 'openai-chat',
    base_url: u.base_url,
    api_key: '',
    soft_timeout_ms: String(u.soft_timeout_ms),
    enabled: u.enabled,
    models: modelsText(u.models),
  };
}

/** The action body from the form: an empty key keeps the stored one. */
export function channelBodyOf(v: UpstreamFormValues): UpstreamUpsertInput {
  return {
    name: v.name.trim(),
    provider: v.provider.trim(),
    adapter: v.adapter,
    base_url: v.base_url.trim(),
    ...(v.api_key.trim() ? { api_key: v.api_key.trim() } : {}),
    soft_timeout_ms: Number(v.soft_timeout_ms),
    enabled: v.enabled,
    models: JSON.parse(v.models) as UpstreamUpsertInput['models'],
  };
}
