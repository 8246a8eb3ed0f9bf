import { z } from 'zod';
import { imageModels, videoTiers } from '../../../upstreams/catalog';
import { loadCandidates, tenantBinding } from '../../../upstreams/registry';
import { router, scopedProcedure } from '../../trpc';

const imageEntry = z.object({
  id: z.string().meta({ description: 'Pass as `model`' }),
  kind: z.enum(['auto', 'family', 'channel']),
  family: z.string().nullable(),
  capabilities: z.object({
    reference_images: z.boolean(),
    transparent_background: z.boolean(),
    mask: z.boolean(),
    qualities: z.array(z.string()),
  }),
});

const videoEntry = z.object({
  id: z.string().meta({ description: 'The tier: pass as `model` to POST /api/videos' }),
  kind: z.literal('tier'),
  duration: z.object({ min: z.number().int(), max: z.number().int() }).meta({ description: 'Seconds' }),
  resolutions: z.array(z.string()),
  first_frame: z.boolean(),
  last_frame: z.boolean(),
  reference_images: z.boolean(),
  reference_video: z.boolean(),
  reference_audio: z.boolean(),
  generate_audio: z.boolean(),
});

export const modelsRouter = router({
  available: scopedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/available-models',
        tags: ['Images'],
        summary: 'Models you can pass as `model`',
        description:
          'Images (default): `auto`, the model families (any provider of that generation) and channel names (one provider, no fallback), each with what it can do. `?media_type=video`: the video tiers with their duration bounds and resolutions. A tenant bound to a family or channel sees only that.',
        protect: true,
      },
    })
    .input(z.object({ media_type: z.enum(['image', 'video'], 'must be image or video').default('image') }))
    .output(
      z.object({
        ok: z.literal(true),
        media_type: z.enum(['image', 'video']),
        default: z.string().nullable(),
        models: z.array(z.union([imageEntry, videoEntry])),
      }),
    )
    .query(async ({ ctx, input }) => {
      const [fleet, binding] = await Promise.all([loadCandidates(ctx.db), tenantBinding(ctx.db, ctx.identity.tenantId)]);
      if (input.media_type === 'video') {
        const tiers = videoTiers(fleet, binding);
        return { ok: true as const, media_type: 'video' as const, default: tiers[0]?.id ?? null, models: tiers };
      }
      return { ok: true as const, media_type: 'image' as const, default: 'auto', models: imageModels(fleet, binding) };
    }),
});
