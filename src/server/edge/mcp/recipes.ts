import type { z } from 'zod';
import type { listSkillsOutput } from '@/server/api/routers/skills/list-skills.types';
import type { listTemplatesOutput } from '@/server/api/routers/templates/list-templates.types';
import { MAX_REFERENCE_IMAGES } from '@/contracts/jobs';
import { invalidArguments, jsonResult, thrownResult } from './answers';
import { generateAndWait } from './jobs';
import { assignToolNames, fieldsInputSchema, slotInput } from './names';
import { unknownArguments, type StudioTool, type ToolCall } from './tool';

/**
 * The tools made from what the caller may use: one per active template it can read (image templates
 * generate, article templates write copy) and one per form skill. Read through the same procedures
 * as `GET /api/templates` and `GET /api/skills`, so a member key gets exactly what its REST calls see;
 * computed on every request, so a template created a moment ago is there.
 */

type TemplateRow = z.infer<typeof listTemplatesOutput>['templates'][number];
type SkillRow = z.infer<typeof listSkillsOutput>['skills'][number];

export const RECIPE_PREFIXES = ['template', 'article', 'skill'] as const;

/** Whether a tool name is one of the made tools (so a call to it needs the caller's recipes). */
export const isRecipeName = (name: string): boolean => RECIPE_PREFIXES.some((p) => name.startsWith(`${p}_`));

/** A template a tool can be made of: active, its content open to the caller (not locked), fields known. */
export const usableTemplate = (t: TemplateRow): boolean => t.active && !t.locked && t.fields !== null;

/** The tool name of each usable template, by template id. */
export function templateToolNames(templates: readonly TemplateRow[]): Map<string, string> {
  const out = new Map<string, string>();
  const usable = templates.filter(usableTemplate).map((t) => ({ ...t, createdAt: t.created_at }));
  for (const type of ['image', 'article'] as const) {
    const prefix = type === 'image' ? 'template' : 'article';
    for (const [name, t] of assignToolNames(
      prefix,
      usable.filter((t) => t.type === type),
    ))
      out.set(t.id, name);
  }
  return out;
}

/** The tool name of each form skill, by slug. */
export function skillToolNames(skills: readonly SkillRow[]): Map<string, string> {
  const forms = skills.filter((s) => s.fields !== null).map((s) => ({ ...s, id: s.slug, createdAt: '' }));
  return new Map([...assignToolNames('skill', forms)].map(([name, s]) => [s.slug, name]));
}

function templateTool(name: string, t: TemplateRow): StudioTool {
  const inputSchema = fieldsInputSchema(t.fields);
  const what = t.description ? `${t.zh_name}: ${t.description}` : t.zh_name;
  const run = async (args: Record<string, unknown>, call: ToolCall) => {
    const extra = unknownArguments(inputSchema, args);
    if (extra) return invalidArguments(extra);
    const input = slotInput(t.fields, args);
    if (t.type === 'image') return generateAndWait(call, name, [{ template_id: t.id, input }]);
    try {
      return jsonResult(await call.caller.article.write({ template_slug: t.slug, input }));
    } catch (thrown) {
      return thrownResult(thrown, name);
    }
  };
  return t.type === 'image'
    ? {
        name,
        title: t.zh_name,
        description:
          `${what}. Generates an image from Studio template "${t.slug}"${t.ratio ? ` (ratio ${t.ratio})` : ''}, ` +
          'charged like POST /api/generate; answers the image and its link, or the job id when it takes longer.',
        inputSchema,
        annotations: { readOnlyHint: false, openWorldHint: false },
        run,
      }
    : {
        name,
        title: t.zh_name,
        description: `${what}. Writes ${t.format ?? ''} copy from Studio article template "${t.slug}" (POST /api/article, charged).`,
        inputSchema,
        annotations: { readOnlyHint: false, openWorldHint: false },
        run,
      };
}

function skillTool(name: string, s: SkillRow): StudioTool {
  const base = fieldsInputSchema(s.fields);
  const inputSchema = s.ref_required
    ? {
        ...base,
        properties: {
          ...base.properties,
          reference_images: {
            type: 'array',
            items: { type: 'string', format: 'uri' },
            minItems: 1,
            maxItems: MAX_REFERENCE_IMAGES,
            description: 'Reference image URLs (uploaded to Studio); this skill needs at least one',
          },
        },
        required: [...(base.required ?? []), 'reference_images'],
      }
    : base;
  return {
    name,
    title: s.zh_name,
    description: `${s.zh_name}: ${s.description}. Generates an image with Studio skill "${s.slug}" (ratio ${s.ratio}), charged like POST /api/generate.`,
    inputSchema,
    annotations: { readOnlyHint: false, openWorldHint: false },
    async run(args, call) {
      const extra = unknownArguments(inputSchema, args);
      if (extra) return invalidArguments(extra);
      const { reference_images: refs, ...fields } = args;
      const references = Array.isArray(refs) ? refs.filter((r): r is string => typeof r === 'string') : undefined;
      return generateAndWait(call, name, [
        {
          skill_slug: s.slug,
          input: slotInput(s.fields, fields),
          ...(references ? { reference_images: references } : {}),
        },
      ]);
    },
  };
}

/** The caller's template and form-skill tools, in list order (templates, articles, skills). */
export async function recipeTools(call: Pick<ToolCall, 'caller'>): Promise<StudioTool[]> {
  const [{ templates }, { skills }] = await Promise.all([
    call.caller.templates.list({ source: 'all' }),
    call.caller.skills.list({}),
  ]);
  const byId = new Map(templates.map((t) => [t.id, t]));
  const tools: StudioTool[] = [];
  for (const [id, name] of templateToolNames(templates)) {
    const t = byId.get(id);
    if (t) tools.push(templateTool(name, t));
  }
  const bySlug = new Map(skills.map((s) => [s.slug, s]));
  for (const [slug, name] of skillToolNames(skills)) {
    const s = bySlug.get(slug);
    if (s) tools.push(skillTool(name, s));
  }
  return tools;
}
