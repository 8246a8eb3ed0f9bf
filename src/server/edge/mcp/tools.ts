import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { articleRequestSchema } from '@/contracts/article';
import { templateSources, templateTypes } from '@/contracts/templates';
import { videoRequestSchema } from '@/contracts/videos';
import { presentedKey } from '@/server/api/context';
import { handleReverseRequest } from '@/server/edge/rest/reading';
import { REQUEST_ID_HEADER } from '@/server/request-id';
import { invalidArguments, jsonResult, restErrorResult, thrownResult } from './answers';
import { generateImageTool, getJobTool } from './jobs';
import { recipeTools, skillToolNames, templateToolNames } from './recipes';
import { inputSchemaOf, parseArgs, type StudioTool, type ToolCall } from './tool';

/** A built-in tool whose arguments a zod schema checks, then one procedure answers as JSON. */
function jsonTool<S extends z.ZodType>(
  def: Omit<StudioTool, 'run' | 'inputSchema'> & { input: S },
  run: (args: z.output<S>, call: ToolCall) => Promise<Record<string, unknown> | CallToolResult>,
): StudioTool {
  const { input, ...rest } = def;
  return {
    ...rest,
    inputSchema: inputSchemaOf(input),
    async run(args, call) {
      const parsed = parseArgs(input, args);
      if (!parsed.ok) return invalidArguments(parsed.message);
      try {
        const answer = await run(parsed.value, call);
        return 'content' in answer && Array.isArray(answer.content) ? (answer as CallToolResult) : jsonResult(answer);
      } catch (thrown) {
        return thrownResult(thrown, def.name);
      }
    },
  };
}

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;
const writes = { readOnlyHint: false, openWorldHint: false } as const;

const listTemplatesTool = jsonTool(
  {
    name: 'list_templates',
    title: 'List templates',
    description:
      'Lists the image and article templates you can see (GET /api/templates), with their fields and the tool ' +
      'that uses each (null when it cannot be used now: deactivated, or locked until a claim code unlocks it).',
    input: z.strictObject({
      type: z.enum(templateTypes).optional().describe('image or article; absent: both'),
      source: z.enum(templateSources).optional().describe('mine, platform or all (default)'),
    }),
    annotations: readOnly,
  },
  async (args, call) => {
    const [{ templates }, all] = await Promise.all([
      call.caller.templates.list({ source: args.source ?? 'all', ...(args.type ? { type: args.type } : {}) }),
      call.caller.templates.list({ source: 'all' }),
    ]);
    // Tool names are given over everything the caller can use, as tools/list gives them.
    const names = templateToolNames(all.templates);
    return {
      templates: templates.map((t) => ({
        id: t.id,
        slug: t.slug,
        zh_name: t.zh_name,
        description: t.description,
        type: t.type,
        source: t.source,
        active: t.active,
        locked: t.locked,
        ratio: t.ratio,
        format: t.format,
        fields: t.fields,
        tool: names.get(t.id) ?? null,
      })),
    };
  },
);

const listSkillsTool = jsonTool(
  {
    name: 'list_skills',
    title: 'List skills',
    description:
      'Lists the platform skills (GET /api/skills). A one-sentence skill (fields null) is used through ' +
      'generate_image with `skill`; a form skill has its own tool (named in `tool`).',
    input: z.strictObject({}),
    annotations: readOnly,
  },
  async (_args, call) => {
    const { skills } = await call.caller.skills.list({});
    const names = skillToolNames(skills);
    return { skills: skills.map((s) => ({ ...s, tool: names.get(s.slug) ?? null })) };
  },
);

const writeArticleTool = jsonTool(
  {
    name: 'write_article',
    title: 'Write copy',
    description:
      'Writes copy from an article template (POST /api/article, synchronous, charged): `input` is one sentence ' +
      'for a template without fields, or an object of its fields. Each article template also has its own tool.',
    input: articleRequestSchema,
    annotations: writes,
  },
  (args, call) => call.caller.article.write(args),
);

const startVideoTool = jsonTool(
  {
    name: 'start_video',
    title: 'Start a video',
    description:
      'Starts a video task (POST /api/videos, asynchronous, charged at submission and refunded in full if it ' +
      'fails): a prompt, or a video template with its input. Answers the task id; read it with get_video.',
    input: videoRequestSchema,
    annotations: writes,
  },
  (args, call) => call.caller.videos.submit(args),
);

const getVideoTool = jsonTool(
  {
    name: 'get_video',
    title: 'Read a video task',
    description:
      'Reads one of your video tasks (GET /api/videos?id=): its state, progress, and the video link when done.',
    input: z.strictObject({ id: z.string().min(1).max(100).describe('The task id start_video answered') }),
    annotations: readOnly,
  },
  async (args, call) => {
    const answer = await call.caller.videos.get({ id: args.id });
    const task = answer.task;
    const result = jsonResult({ task });
    if (task?.video_url) {
      result.content.push({
        type: 'resource_link',
        uri: task.video_url,
        name: `video-${task.id}`,
        mimeType: 'video/mp4',
        description: 'The finished video',
      });
    }
    return result;
  },
);

const readImageInput = z.strictObject({
  image_url: z
    .string()
    .min(1)
    .max(2048)
    .describe('The image to read: an http(s) URL of a png, jpg or webp (at most 6 MB)'),
});

/** `POST /api/reverse` is a streamed endpoint, not a procedure: it is called with a request as REST gets it. */
const readImageTool: StudioTool = {
  name: 'read_image',
  title: 'Read an image',
  description:
    'Reads an image (POST /api/reverse, one model call, charged): what it shows, its style, a prompt (English ' +
    'and Chinese) to make a similar one, its ratio and a description.',
  inputSchema: inputSchemaOf(readImageInput),
  annotations: writes,
  async run(args, call) {
    const parsed = parseArgs(readImageInput, args);
    if (!parsed.ok) return invalidArguments(parsed.message);
    try {
      const headers = new Headers({ 'content-type': 'application/json' });
      const key = presentedKey(call.ctx.headers);
      if (key) headers.set('authorization', `Bearer ${key}`);
      const requestId = call.ctx.headers.get(REQUEST_ID_HEADER);
      if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
      const request = new Request('http://studio.internal/api/reverse', {
        method: 'POST',
        headers,
        body: JSON.stringify({ image_url: parsed.value.image_url }),
      });
      const response = await handleReverseRequest(request, null);
      const body = (await response.json()) as Record<string, unknown>;
      if (!response.ok) return restErrorResult(response.status, body, response.headers.get('retry-after'));
      return jsonResult(body);
    } catch (thrown) {
      return thrownResult(thrown, 'read_image');
    }
  },
};

/** The tools every caller has, in the order tools/list gives them. */
export const BUILT_IN_TOOLS: readonly StudioTool[] = [
  generateImageTool,
  getJobTool,
  listTemplatesTool,
  listSkillsTool,
  writeArticleTool,
  startVideoTool,
  getVideoTool,
  readImageTool,
];

const builtIns = new Map(BUILT_IN_TOOLS.map((t) => [t.name, t]));

export const builtInTool = (name: string): StudioTool | undefined => builtIns.get(name);

/** Every tool of this caller: the built-in ones, then its templates' and form skills'. */
export async function toolsFor(call: ToolCall): Promise<StudioTool[]> {
  return [...BUILT_IN_TOOLS, ...(await recipeTools(call))];
}
