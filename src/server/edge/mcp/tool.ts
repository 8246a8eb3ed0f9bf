import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { createCaller } from '@/server/api/root';
import type { Context } from '@/server/api/trpc';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { describeZodError } from '@/server/api/zod-errors';
import type { ObjectSchema } from './names';

/** One MCP request's caller: the key's context, the server-side caller of the REST procedures, who it is. */
export interface ToolCall {
  ctx: Context;
  caller: ReturnType<typeof createCaller>;
  who: ScopedIdentity;
  /** Aborted when the client goes away: a wait ends early. */
  signal: AbortSignal;
}

/** A tool as `tools/list` shows it, with what runs it. */
export interface StudioTool {
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  annotations?: ToolAnnotations;
  run(args: Record<string, unknown>, call: ToolCall): Promise<CallToolResult>;
}

/** A zod object as the JSON Schema of a tool's input (what a client sends, defaults optional). */
export function inputSchemaOf(schema: z.ZodType): ObjectSchema {
  const { $schema: _dropped, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return { properties: {}, ...json, type: 'object', additionalProperties: false };
}

/** Arguments checked by the tool's schema; a refusal names each field, as REST's 400 does. */
export function parseArgs<S extends z.ZodType>(
  schema: S,
  args: unknown,
): { ok: true; value: z.output<S> } | { ok: false; message: string } {
  const parsed = schema.safeParse(args);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: describeZodError(parsed.error) };
}

/** Arguments a schema does not name: refused rather than silently dropped. */
export function unknownArguments(schema: ObjectSchema, args: Record<string, unknown>): string | null {
  const extra = Object.keys(args).filter((k) => !Object.hasOwn(schema.properties, k));
  if (extra.length === 0) return null;
  const known = Object.keys(schema.properties);
  return `Invalid request: ${extra.map((k) => `${k}: is not an argument of this tool`).join('; ')} (it takes ${known.join(', ') || 'no arguments'})`;
}

/** How long a tool call may wait, in seconds: 0 answers at once. */
export const waitSeconds = (max: number) =>
  z
    .number()
    .int('must be a whole number of seconds')
    .min(0)
    .max(max, `must be at most ${max}`)
    .optional()
    .describe(`Seconds to wait for the job to finish (0-${max}); past that the job id is answered to read later`);
