import { createHash, randomBytes } from 'node:crypto';
import type { SimVideoTier } from '@/sim/channels';
import { arkError, invalid } from './ark-errors';
import { isRecord } from './http';
import { createShapeProblem } from './video-request';
import type { TaskSettings } from './video-tasks';

/** An Ark task creation body read as Ark reads it: the text commands, the content items and the settings. */

const COMMAND_ALIASES: Record<string, string> = {
  ratio: 'ratio',
  rt: 'ratio',
  duration: 'duration',
  dur: 'duration',
  resolution: 'resolution',
  rs: 'resolution',
  fps: 'fps',
  framespersecond: 'fps',
  seed: 'seed',
  watermark: 'watermark',
  wm: 'watermark',
  camerafixed: 'camerafixed',
  cf: 'camerafixed',
};

/** Splits `prompt --ratio 16:9 --duration 5` into the prompt and its text commands. */
export function parseTextCommands(text: string): { prompt: string; commands: Map<string, string> } {
  const commands = new Map<string, string>();
  const prompt = text
    .replace(/(^|\s)--([A-Za-z_]+)\s+(\S+)/g, (whole, lead: string, key: string, value: string) => {
      const canonical = COMMAND_ALIASES[key.toLowerCase()];
      if (!canonical) return whole;
      commands.set(canonical, value);
      return lead;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return { prompt, commands };
}

function parseUrlItem(
  item: Record<string, unknown>,
  field: 'image_url' | 'video_url' | 'audio_url',
  index: number,
  requestId: string,
): string {
  const holder = item[field];
  const url = isRecord(holder) ? holder.url : undefined;
  if (typeof url !== 'string' || url === '') {
    throw arkError(
      400,
      'MissingParameter',
      `The request failed because it is missing one or multiple required parameters: content[${index}].${field}.url.`,
      requestId,
      `content[${index}].${field}.url`,
    );
  }
  if (!/^https?:\/\//i.test(url) && !/^data:[a-z]+\/[a-z0-9.+-]+;base64,/i.test(url) && !/^asset:\/\//i.test(url)) {
    throw invalid(requestId, `content[${index}].${field}.url`, 'expected an http(s) URL or a base64 data URL');
  }
  return url;
}

const DATA_ROLES: Record<'image_url' | 'video_url' | 'audio_url', readonly string[]> = {
  image_url: ['first_frame', 'last_frame', 'reference_image'],
  video_url: ['reference_video'],
  audio_url: ['reference_audio'],
};

function readSetting(
  body: Record<string, unknown>,
  commands: Map<string, string>,
  name: string,
  bodyName = name,
): string | undefined {
  const fromBody = body[bodyName];
  if (typeof fromBody === 'string' || typeof fromBody === 'number' || typeof fromBody === 'boolean')
    return String(fromBody);
  return commands.get(name);
}

export function parseCreate(body: Record<string, unknown>, tier: SimVideoTier, rid: string): TaskSettings {
  const shape = createShapeProblem(body);
  if (shape) throw invalid(rid, shape.param, shape.detail);
  const content = body.content;
  if (content === undefined || content === null) {
    throw arkError(
      400,
      'MissingParameter',
      'The request failed because it is missing one or multiple required parameters: content.',
      rid,
      'content',
    );
  }
  if (!Array.isArray(content) || content.length === 0) throw invalid(rid, 'content', 'expected a non-empty array');

  let text: string | null = null;
  const roles: string[] = [];
  for (const [i, raw] of (content as unknown[]).entries()) {
    if (!isRecord(raw)) throw invalid(rid, `content[${i}]`, 'expected an object');
    const type = raw.type;
    if (type === 'text') {
      if (typeof raw.text !== 'string') throw invalid(rid, `content[${i}].text`, 'expected a string');
      if (text !== null) throw invalid(rid, 'content', 'at most one text item is allowed');
      text = raw.text;
      continue;
    }
    if (type !== 'image_url' && type !== 'video_url' && type !== 'audio_url') {
      throw invalid(
        rid,
        `content[${i}].type`,
        `unsupported type ${JSON.stringify(type)}; expected text, image_url, video_url or audio_url`,
      );
    }
    parseUrlItem(raw, type, i, rid);
    const allowed = DATA_ROLES[type];
    const role = raw.role ?? (type === 'image_url' ? 'first_frame' : allowed[0]);
    if (typeof role !== 'string' || !allowed.includes(role)) {
      throw invalid(rid, `content[${i}].role`, `expected one of ${allowed.join(', ')} for ${type}`);
    }
    roles.push(role);
  }

  const count = (role: string): number => roles.filter((r) => r === role).length;
  const first = count('first_frame');
  const last = count('last_frame');
  const refs = count('reference_image');
  const model = tier.model;
  if (first > 1 || last > 1)
    throw invalid(rid, 'content', 'at most one first_frame and one last_frame image are allowed');
  if (first && !tier.firstFrame) throw invalid(rid, 'content.role', `first_frame is not supported by model ${model}`);
  if (last && !tier.lastFrame) throw invalid(rid, 'content.role', `last_frame is not supported by model ${model}`);
  if (last && !first) throw invalid(rid, 'content.role', 'last_frame requires a first_frame image');
  if (refs && !tier.referenceImages)
    throw invalid(rid, 'content.role', `reference_image is not supported by model ${model}`);
  if (refs && (first || last))
    throw invalid(rid, 'content.role', 'reference_image cannot be combined with first_frame or last_frame');
  if (refs > 9) throw invalid(rid, 'content', 'at most 9 reference images are allowed');
  if (count('reference_video') && !tier.referenceVideo)
    throw invalid(rid, 'content.role', `reference_video is not supported by model ${model}`);
  if (count('reference_audio') && !tier.referenceAudio)
    throw invalid(rid, 'content.role', `reference_audio is not supported by model ${model}`);
  if (count('reference_video') > 3 || count('reference_audio') > 3)
    throw invalid(rid, 'content', 'at most 3 reference videos and 3 reference audios are allowed');
  const textValue = text ?? '';
  if (textValue.trim() === '' && roles.length === 0) {
    throw arkError(
      400,
      'MissingParameter',
      'The request failed because it is missing one or multiple required parameters: a text prompt or an image.',
      rid,
      'content',
    );
  }

  const { prompt, commands } = parseTextCommands(textValue);

  const durationRaw = readSetting(body, commands, 'duration') ?? '5';
  if (!/^-?\d+$/.test(durationRaw))
    throw invalid(rid, 'duration', `${durationRaw} is not an integer number of seconds`);
  const duration = Number(durationRaw);
  if (duration < tier.durationSec.min || duration > tier.durationSec.max) {
    throw invalid(
      rid,
      'duration',
      `${duration} is out of range [${tier.durationSec.min}, ${tier.durationSec.max}] for model ${model}`,
    );
  }

  const resolutionRaw = readSetting(body, commands, 'resolution') ?? tier.resolutions[0] ?? '720p';
  const resolution = tier.resolutions.find((r) => r.toLowerCase() === resolutionRaw.toLowerCase());
  if (!resolution)
    throw invalid(
      rid,
      'resolution',
      `${resolutionRaw} is not supported by model ${model}; expected one of ${tier.resolutions.join(', ')}`,
    );

  const ratioRaw = readSetting(body, commands, 'ratio') ?? (first ? 'adaptive' : '16:9');
  if (!tier.ratios.includes(ratioRaw) && ratioRaw !== 'keep_ratio') {
    throw invalid(rid, 'ratio', `${ratioRaw} is not supported; expected one of ${tier.ratios.join(', ')}`);
  }
  // The service reports the ratio it actually rendered.
  const ratio = ratioRaw === 'adaptive' || ratioRaw === 'keep_ratio' ? '16:9' : ratioRaw;

  // Not a request field (`framespersecond` is the answer's): only the prompt's `--fps` sets it.
  const fpsRaw = commands.get('fps');
  const fps = fpsRaw === undefined ? tier.fps : Number(fpsRaw);
  if (!Number.isInteger(fps) || (fps !== 16 && fps !== 24 && fps !== 25 && fps !== 30))
    throw invalid(rid, 'fps', `${String(fpsRaw)} is not supported; expected 16, 24, 25 or 30`);

  const seedRaw = readSetting(body, commands, 'seed');
  let seed: number;
  if (seedRaw === undefined || seedRaw === '-1') {
    seed = createHash('sha256').update(prompt).digest().readUInt32BE(0) % 2_147_483_647;
  } else {
    seed = Number(seedRaw);
    if (!Number.isInteger(seed) || seed < -1 || seed > 4_294_967_295)
      throw invalid(rid, 'seed', `${seedRaw} is not an integer in [-1, 2^32-1]`);
  }

  const ga = body.generate_audio;
  if (ga !== undefined && ga !== null && typeof ga !== 'boolean')
    throw invalid(rid, 'generate_audio', 'expected a boolean');
  if (ga === true && !tier.audio)
    throw invalid(rid, 'generate_audio', `audio generation is not supported by model ${model}`);

  const rlf = body.return_last_frame;
  if (rlf !== undefined && rlf !== null && typeof rlf !== 'boolean')
    throw invalid(rid, 'return_last_frame', 'expected a boolean');

  const cb = body.callback_url;
  let callbackUrl: string | null = null;
  if (cb !== undefined && cb !== null && cb !== '') {
    if (typeof cb !== 'string' || !/^https?:\/\/[^\s]+$/i.test(cb))
      throw invalid(rid, 'callback_url', 'expected an http(s) URL');
    callbackUrl = cb;
  }

  return {
    prompt,
    duration,
    ratio,
    resolution,
    fps,
    seed,
    generateAudio: ga === true,
    returnLastFrame: rlf === true,
    callbackUrl,
  };
}

export function taskId(now: number): string {
  const d = new Date(now);
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
  const date = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  const stamp = `${date}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  const suffix = randomBytes(6)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0')
    .slice(0, 6);
  return `cgt-${stamp}-${suffix}`;
}
