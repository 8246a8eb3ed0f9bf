import { z } from 'zod';
import { hookTypes } from '../../../db/schema';
import { bindHook, deleteHook, hookBindSchema, hookUpdateSchema, hookView, listHooks, updateHook } from '../../../domain/templates/hooks';
import { router, scopedProcedure, tenantProcedure } from '../../trpc';

const hookOut = z.object({
  id: z.uuid(),
  image_template_slug: z.string(),
  hook_type: z.enum(hookTypes),
  hook_template_slug: z.string(),
  enabled: z.boolean(),
  note: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

const meta = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', summary: string, description: string) => ({
  openapi: { method, path: '/template-hooks' as const, tags: ['Templates'], summary, description, protect: true },
});

export const listHooksProcedure = scopedProcedure
  .meta(meta('GET', 'Template hooks', 'Your tenant’s bindings from image templates to article or video templates; optional `image_template_slug` filter. Nothing fires automatically: after a generation callback, call `/api/article` (or the video endpoint) with the stored slug yourself.'))
  .input(z.object({ image_template_slug: z.string().max(80).optional() }))
  .output(z.object({ ok: z.literal(true), hooks: z.array(hookOut) }))
  .query(async ({ ctx, input }) => ({
    ok: true as const,
    hooks: (await listHooks(ctx.db, ctx.identity, input.image_template_slug)).map(hookView),
  }));

export const bindHookProcedure = tenantProcedure
  .meta(meta('POST', 'Bind a template hook', 'Body `image_template_slug`, `hook_type` (`article` or `video`), `hook_template_slug`, optional `enabled` (default true) and `note`. Posting again for the same image template and hook type updates that binding (`created: false`); there is never a second one. Both slugs must exist in the matching store (400 otherwise). Tenant key only.'))
  .input(hookBindSchema)
  .output(z.object({ ok: z.literal(true), created: z.boolean(), hook: hookOut }))
  .mutation(async ({ ctx, input }) => {
    const { hook, created } = await bindHook(ctx.db, ctx.identity, input);
    return { ok: true as const, created, hook: hookView(hook) };
  });

export const updateHookProcedure = tenantProcedure
  .meta(meta('PATCH', 'Update a template hook', 'Body `id` plus `hook_template_slug`, `enabled` or `note`. Another tenant’s hook: 404.'))
  .input(hookUpdateSchema)
  .output(z.object({ ok: z.literal(true), hook: hookOut }))
  .mutation(async ({ ctx, input }) => ({ ok: true as const, hook: hookView(await updateHook(ctx.db, ctx.identity, input)) }));

export const deleteHookProcedure = tenantProcedure
  .meta(meta('DELETE', 'Delete a template hook', '`DELETE /api/template-hooks?id=<id>`. Another tenant’s hook (or one already deleted): 404.'))
  .input(z.object({ id: z.uuid('must be a hook id (uuid)') }))
  .output(z.object({ ok: z.literal(true), id: z.uuid(), deleted: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await deleteHook(ctx.db, ctx.identity, input.id);
    return { ok: true as const, id: input.id, deleted: true as const };
  });

export const hooksRouter = router({ list: listHooksProcedure, bind: bindHookProcedure, update: updateHookProcedure, remove: deleteHookProcedure });
