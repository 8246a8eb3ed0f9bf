import { isRecord } from './http';

/**
 * The shape of an Ark task creation body, checked before its values: the top-level fields Ark's
 * "创建视频生成任务 API" documents (volcengine.com/docs/82379/1520757; the same list as
 * volcengine-python-sdk 5.0.42 `Tasks.create`), each of its type, and the keys of each content item.
 * Anything else is refused as Ark's strongly checked fields are, so a wrong request fails in tests.
 */

type Kind = 'string' | 'integer' | 'boolean' | 'array' | 'any';

const TOP_LEVEL: Record<string, Kind> = {
  model: 'any',
  content: 'any',
  callback_url: 'any',
  return_last_frame: 'any',
  generate_audio: 'any',
  duration: 'integer',
  ratio: 'string',
  resolution: 'string',
  seed: 'integer',
  watermark: 'boolean',
  camera_fixed: 'boolean',
  draft: 'boolean',
  frames: 'integer',
  priority: 'integer',
  execution_expires_after: 'integer',
  service_tier: 'string',
  safety_identifier: 'string',
  omni_reference_task_type: 'string',
  output_format: 'string',
  tools: 'array',
};

/** The keys each content item type may carry. */
const ITEM_KEYS: Record<string, readonly string[]> = {
  text: ['type', 'text'],
  image_url: ['type', 'image_url', 'role'],
  video_url: ['type', 'video_url', 'role'],
  audio_url: ['type', 'audio_url', 'role'],
};

export interface ShapeProblem {
  param: string;
  detail: string;
}

function hasKind(value: unknown, kind: Kind): boolean {
  if (kind === 'any' || value === null) return true;
  if (kind === 'integer') return typeof value === 'number' && Number.isInteger(value);
  if (kind === 'array') return Array.isArray(value);
  return typeof value === kind;
}

/** The first shape problem of a creation body, or null. */
export function createShapeProblem(body: Record<string, unknown>): ShapeProblem | null {
  for (const [key, value] of Object.entries(body)) {
    const kind = TOP_LEVEL[key];
    if (!kind) return { param: key, detail: `unknown parameter; expected one of ${Object.keys(TOP_LEVEL).join(', ')}` };
    if (!hasKind(value, kind))
      return {
        param: key,
        detail: `expected ${kind === 'integer' ? 'an integer' : kind === 'array' ? 'an array' : `a ${kind}`}`,
      };
  }
  const content = body.content;
  if (!Array.isArray(content)) return null;
  for (const [i, item] of content.entries()) {
    if (!isRecord(item)) continue;
    const type = item.type;
    const keys = typeof type === 'string' ? ITEM_KEYS[type] : undefined;
    if (!keys) {
      return {
        param: `content[${i}].type`,
        detail: `unsupported type ${JSON.stringify(type)}; expected text, image_url, video_url or audio_url`,
      };
    }
    const extra = Object.keys(item).find((k) => !keys.includes(k));
    if (extra) return { param: `content[${i}].${extra}`, detail: `unknown field for a ${String(type)} item` };
  }
  return null;
}
