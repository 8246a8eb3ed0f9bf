import type { Json } from './http';
import type { ChatMessageView } from './chat-message-view';
import { aspectRatio, readPngDataUrl, type PosterTextLayer } from '@/sim/media/poster';
import { pick, pickSome, type Rnd } from './reply-random';

/**
 * The simulated model's image reading: a structured, deterministic description of the picture, and for
 * a simulator poster its embedded text layers and real aspect ratio, read back exactly.
 */

type Pair = readonly [en: string, zh: string];

const SUBJECTS: Pair[] = [
  ['a ceramic teapot on a wooden table', '木桌上的一只陶瓷茶壶'],
  ['a red fox resting in fresh snow', '在新雪中小憩的红狐'],
  ['a narrow city street at dusk', '黄昏时分的城市小巷'],
  ['a steaming bowl of ramen', '一碗热气腾腾的拉面'],
  ['a vintage bicycle against a pastel wall', '靠在粉彩墙边的复古自行车'],
  ['a lighthouse on a windy cliff', '风中悬崖上的灯塔'],
  ['a latte with leaf-shaped foam art', '拉出叶子图案的拿铁'],
  ['a folded paper crane on an open book', '摊开的书上的一只纸鹤'],
];
const COMPOSITIONS: Pair[] = [
  ['centered subject with generous negative space', '主体居中，留白充足'],
  ['low-angle close-up', '低角度特写'],
  ['symmetrical front view', '对称正面构图'],
  ['overhead flat lay', '俯拍平铺构图'],
  ['rule-of-thirds wide shot', '三分法远景'],
];
const UNIVERSES: Pair[] = [
  ['quiet everyday realism', '安静的日常写实'],
  ['retro 1980s Tokyo', '八十年代复古东京'],
  ['Scandinavian minimalism', '北欧极简'],
  ['Song-dynasty ink painting', '宋代水墨意境'],
  ['neon-lit night market', '霓虹夜市'],
];
const LIGHTS: Pair[] = [
  ['soft morning window light', '柔和的清晨窗光'],
  ['golden-hour backlight', '金色时刻逆光'],
  ['overcast diffuse light', '阴天漫射光'],
  ['neon rim light', '霓虹轮廓光'],
  ['high-key studio softbox', '高调棚拍柔光'],
];
const PRINTS: Pair[] = [
  ['matte fine-art print', '哑光艺术微喷'],
  ['two-colour risograph print', '双色孔版印刷'],
  ['glossy magazine cover', '光面杂志封面'],
  ['letterpress poster', '凸版印刷海报'],
  ['instant film photo', '拍立得相片'],
];
const TEXTURES: Pair[] = [
  ['fine film grain', '细腻胶片颗粒'],
  ['rough watercolor paper', '粗纹水彩纸'],
  ['smooth gradients', '平滑渐变'],
  ['linen canvas weave', '亚麻画布纹理'],
  ['halftone dots', '网点纹理'],
];
const STYLE_TAGS = [
  'minimal',
  'warm tones',
  'film',
  'editorial',
  'flat illustration',
  'watercolor',
  'retro',
  'high contrast',
  'pastel',
  'cinematic',
];
const GENRES = ['still life', 'poster', 'product photo', 'illustration', 'landscape', 'street photography'];
const CATEGORIES = ['photo', 'illustration', 'poster', 'product', 'typography'];
const RATIOS = ['1:1', '3:4', '4:3', '2:3', '9:16', '16:9'];
const ZH_NAMES = ['晨光静物', '雪地来客', '暮色街角', '一碗人间烟火', '午后单车', '海边守望', '叶子拿铁', '纸鹤与书'];
const TEXT_ROLES = ['title', 'subtitle', 'body', 'caption', 'logo'] as const;
const TEXT_SNIPPETS = [
  '慢下来',
  '今日份好心情',
  '春日限定',
  '生活小确幸',
  '新品上市',
  '把日子过成诗',
  '限时优惠',
  '你好，周末',
];
const FONT_CATEGORIES = ['sans-serif', 'serif', 'handwriting', 'display'];
const TREATMENTS = ['none', 'shadow', 'outline', 'gradient'];
const POSITIONS: readonly [string, number, number, string][] = [
  ['top-center', 0.5, 0.1, 'center'],
  ['top-left', 0.08, 0.1, 'left'],
  ['center', 0.5, 0.5, 'center'],
  ['bottom-center', 0.5, 0.88, 'center'],
  ['bottom-right', 0.92, 0.9, 'right'],
];

function hexColor(rnd: Rnd): string {
  return `#${Math.floor(rnd() * 0xffffff)
    .toString(16)
    .padStart(6, '0')
    .toUpperCase()}`;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** What the simulated model can tell of the picture it reads: its real size and, for a poster, the text on it. */
export interface ImageFacts {
  width: number;
  height: number;
  /** The layers a simulator poster embeds; null for any other image. */
  layers: PosterTextLayer[] | null;
}

/**
 * Facts of the image being read: among PNG data URLs (the last user message's first, then earlier
 * messages' from the newest), the first poster, else the first readable PNG. Other URLs are not
 * fetched or decoded. Null when there is no readable PNG.
 */
export function readImageFacts(messages: readonly ChatMessageView[]): ImageFacts | null {
  const lastUserIndex = messages.findLastIndex((m) => m.role === 'user');
  const order = [messages[lastUserIndex], ...messages.filter((_, i) => i !== lastUserIndex).reverse()];
  let first: ImageFacts | null = null;
  for (const message of order) {
    for (const url of message?.images ?? []) {
      const facts = readPngDataUrl(url);
      if (facts?.layers) return facts;
      first ??= facts;
    }
  }
  return first;
}

export function visionObject(rnd: Rnd, image: ImageFacts | null): Record<string, Json> {
  const si = Math.floor(rnd() * SUBJECTS.length) % SUBJECTS.length;
  const subject = SUBJECTS[si] ?? SUBJECTS[0] ?? ['a still life', '静物'];
  const composition = pick(rnd, COMPOSITIONS);
  const universe = pick(rnd, UNIVERSES);
  const light = pick(rnd, LIGHTS);
  const print = pick(rnd, PRINTS);
  const texture = pick(rnd, TEXTURES);
  const tags = pickSome(rnd, STYLE_TAGS, 3 + Math.floor(rnd() * 3));
  const picked = pick(rnd, RATIOS);
  const ratio = image ? aspectRatio(image.width, image.height) : picked;
  const genre = pick(rnd, GENRES);
  const zhName = ZH_NAMES[si] ?? '静物';
  const layerCount = 1 + Math.floor(rnd() * 3);
  const positions = pickSome(rnd, POSITIONS, layerCount);
  const generated: PosterTextLayer[] = positions.map(([position, x, y, alignment], i) => ({
    role: i === 0 ? 'title' : pick(rnd, TEXT_ROLES.slice(1)),
    content: pick(rnd, TEXT_SNIPPETS),
    position,
    coords: { x: round2(x), y: round2(y) },
    font_category: pick(rnd, FONT_CATEGORIES),
    font_weight: i === 0 ? 700 : 400,
    size_ratio: round2(i === 0 ? 0.08 + rnd() * 0.06 : 0.03 + rnd() * 0.03),
    color: hexColor(rnd),
    treatment: pick(rnd, TREATMENTS),
    alignment: alignment === 'left' || alignment === 'right' ? alignment : 'center',
  }));
  const category = pick(rnd, CATEGORIES);
  // A poster's embedded layers are the exact answer; the generated ones stand in for other images.
  const textLayers: Json[] = (image?.layers ?? generated).map((l) => ({ ...l, coords: { ...l.coords } }));
  const prompt = `${subject[0]}, ${composition[0]}, ${universe[0]}, ${light[0]}, ${print[0]}, ${texture[0]}, ${tags.join(', ')}`;
  const promptCn = `${subject[1]}，${composition[1]}，${universe[1]}，${light[1]}，${print[1]}，${texture[1]}`;
  return {
    sculpt: {
      subject: subject[0],
      composition: composition[0],
      universe: universe[0],
      light: light[0],
      print: print[0],
      texture: texture[0],
    },
    prompt,
    prompt_cn: promptCn,
    style_tags: tags,
    aspect_ratio: ratio,
    zh_name: zhName,
    description: `The image shows ${subject[0]} in a ${composition[0]}, lit by ${light[0]}, with the feel of ${universe[0]}.`,
    genre,
    ratio,
    body_md: `## ${zhName}\n\n**画面**：${subject[1]}。\n\n- 构图：${composition[1]}\n- 光线：${light[1]}\n- 质感：${texture[1]}\n\n> ${print[1]}风格，适合${ratio}画幅。`,
    image_category: image?.layers ? 'poster' : category,
    text_layers: textLayers,
  };
}
