import { READING_RATIOS } from '@/contracts/reading';
import { randomUUID } from 'node:crypto';
import { readingSchema, type Reading, type ReverseAnswer } from '@/contracts/reading';
import type { Config } from '@/server/config';
import { chatProvider } from '@/server/upstreams/providers';
import { routeCall } from '@/server/upstreams/engine';
import { modelJson } from '@/server/upstreams/model-json';
import { UpstreamError } from '@/server/upstreams/types';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { chargeWork, refundWork } from '@/server/domain/credits/ledger';
import { callerOf, endOf, recordCall } from '@/server/domain/calls/record';
import type { CallStatus } from '@/contracts/calls';
import { currentRequestId } from '@/server/request-id';
import { admitImageWork } from './admission';
import { readImageInput, requireOneSource, type ImageInputDeps, type ImageSource, type ReadImage } from './image-input';

/** The ratio of {@link READING_RATIOS} nearest to `width:height` (compared on a log scale, so 2:1 and 1:2 are as far from 1:1). */
export function nearestRatio(width: number, height: number): string {
  const target = Math.log(width / height);
  let best: string = '1:1';
  let distance = Infinity;
  for (const r of READING_RATIOS) {
    const [w, h] = r.split(':').map(Number) as [number, number];
    const d = Math.abs(Math.log(w / h) - target);
    if (d < distance) {
      distance = d;
      best = r;
    }
  }
  return best;
}

const SYSTEM_PROMPT = [
  'You read images for an image-generation studio. Describe the picture you are given so that a similar image can be generated.',
  'Answer with one JSON object and nothing else, with exactly these fields:',
  '{"sculpt": {"subject": "...", "composition": "...", "universe": "...", "light": "...", "print": "...", "texture": "..."},',
  ' "prompt": "an English generation prompt", "prompt_cn": "中文生成提示词", "style_tags": ["tag", "..."],',
  ' "aspect_ratio": "W:H of the picture", "zh_name": "简短中文名称", "description": "one or two sentences",',
  ' "genre": "the kind of picture", "body_md": "a short Markdown write-up in Chinese"}',
].join('\n');

/** Reads the model's answer: the reading's JSON object (possibly fenced), or null when it is not one. */
export const parseReading = (content: string | null): Reading | null => modelJson(content, readingSchema);

export interface ReverseDeps extends ImageInputDeps {
  config: ImageInputDeps['config'] & Pick<Config, 'prices' | 'secret' | 'rateLimits'>;
}

/** An image as a vision model receives it: inline, so no upstream ever fetches from Studio. */
export const imagePart = (image: ReadImage) => ({
  type: 'image_url' as const,
  image_url: { url: `data:${image.mime};base64,${image.data.toString('base64')}` },
});

/**
 * One routed vision call that must answer JSON of a given shape: routed to vision-capable chat
 * upstreams with JSON output; an answer `parse` refuses counts as a failed attempt and the next
 * upstream is asked (as for articles).
 */
export async function askVision<T>(
  deps: { db: ReverseDeps['db']; config: Pick<Config, 'secret'> },
  image: ReadImage,
  ask: { system: string; user: string; parse: (content: string | null) => T | null; what: string },
  opts: { ref: string; tenantId: string; signal?: AbortSignal | undefined },
): Promise<T> {
  const routed = await routeCall(
    deps.db,
    deps.config.secret,
    { media: 'chat', needs: { vision: true, jsonMode: true } },
    async (target, _model, signal) => {
      const completion = await chatProvider(target).complete(
        target,
        {
          messages: [
            { role: 'system', content: ask.system },
            { role: 'user', content: [{ type: 'text', text: ask.user }, imagePart(image)] },
          ],
          response_format: { type: 'json_object' },
          temperature: 0.2,
        },
        signal,
      );
      const parsed = ask.parse(completion.choices[0]?.message.content ?? null);
      if (parsed === null) throw new UpstreamError('bad_output', `the answer was not the ${ask.what} asked for`);
      return parsed;
    },
    { ref: opts.ref, tenantId: opts.tenantId, signal: opts.signal },
  );
  return routed.result;
}

/** The reading of an image (the fixed field set of `/api/reverse`), `ratio` from the image's own size. */
export async function readReading(
  deps: { db: ReverseDeps['db']; config: Pick<Config, 'secret'> },
  image: ReadImage,
  opts: { ref: string; tenantId: string; signal?: AbortSignal | undefined },
): Promise<Omit<ReverseAnswer, 'ok'>> {
  const r = await askVision(
    deps,
    image,
    {
      system: SYSTEM_PROMPT,
      user: `Read this image (${image.width} x ${image.height} pixels) and answer with the JSON object.`,
      parse: parseReading,
      what: 'image reading',
    },
    opts,
  );
  return {
    sculpt: r.sculpt,
    prompt: r.prompt,
    prompt_cn: r.prompt_cn,
    style_tags: r.style_tags,
    aspect_ratio: r.aspect_ratio,
    zh_name: r.zh_name,
    description: r.description,
    genre: r.genre,
    ratio: nearestRatio(image.width, image.height),
    body_md: r.body_md,
  };
}

/**
 * `POST /api/reverse`: one model call that reads the image. The credits (402 when short) and the
 * `reading` rate limit (429) are checked before the image is fetched or decoded; charged under
 * `reverse` before the call and refunded when every upstream failed.
 */
export async function reverseImage(
  deps: ReverseDeps,
  who: ScopedIdentity,
  source: ImageSource,
): Promise<ReverseAnswer> {
  const began = new Date();
  const ref = `reverse-${randomUUID()}`;
  let charged = 0;
  let refunded = 0;
  const log = (status: CallStatus, errorCode: string | null) =>
    recordCall(deps.db, {
      tenantId: who.tenantId,
      ...callerOf(who),
      kind: 'reading',
      status,
      model: null,
      family: null,
      credits: charged,
      creditsRefunded: refunded,
      tokensIn: null,
      tokensOut: null,
      latencyMs: Date.now() - began.getTime(),
      requestId: currentRequestId() ?? null,
      ref,
      errorCode,
      note: null,
      createdAt: began.toISOString(),
    });
  try {
    requireOneSource(source);
    const price = deps.config.prices.reverse;
    await admitImageWork(deps, who, 'reading', price);
    const image = await readImageInput(deps, who, source);
    const wallet = await chargeWork(deps.db, who, { amount: price, category: 'reverse', ref, note: 'image reading' });
    charged = price;
    let answer: ReverseAnswer;
    try {
      answer = { ok: true, ...(await readReading(deps, image, { ref, tenantId: who.tenantId })) };
    } catch (err) {
      await refundWork(deps.db, wallet, { amount: price, category: 'reverse', ref, note: 'image not read' });
      refunded = price;
      throw err;
    }
    log('done', null);
    return answer;
  } catch (err) {
    const end = endOf(err);
    // Refused before it was charged (credits, rate limit, the image): no upstream was asked.
    log(end.status, end.errorCode);
    throw err;
  }
}
