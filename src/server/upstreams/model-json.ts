import type { z } from 'zod';

/**
 * The JSON object a chat model answered, checked against `schema`: the whole content, or the first
 * fenced block (models often wrap JSON in ```json … ```). Null when it is not JSON or not that shape,
 * so the caller can count the answer as a failed attempt.
 */
export function modelJson<S extends z.ZodType>(content: string | null, schema: S): z.infer<S> | null {
  if (!content) return null;
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  let json: unknown;
  try {
    json = JSON.parse((fenced?.[1] ?? content).trim());
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
