import { beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_VARIABLE_NAMES } from '@/contracts/image-template';
import { contractProblem } from '@/contracts/slots';
import { type Config } from '@/server/config';
import { AppError } from '@/server/errors';
import { runConversion, planConversion } from '@/server/domain/image-template/convert';
import { convertImage } from '@/server/domain/image-template/jobs';
import { readImageInput } from '@/server/domain/reading/image-input';
import type { FileStore } from '@/server/storage/store';
import type { RunningSim } from '@/sim/testing';
import { type TestDatabase } from '../helpers/test-db';
import { imageTemplateSuite } from '../helpers/image-template-suite';

const suite = imageTemplateSuite();
let t: TestDatabase;
let sim: RunningSim;
let files: FileStore;
let config: Config;
beforeAll(() => {
  ({ t, sim, files, config } = suite);
});
const { deps, tenant, poster, ledger, sync } = suite;

describe('synchronous image-to-template', () => {
  it('answers the reading, layers with variables from the list, a valid prompt template and fields; charged once', async () => {
    const who = await tenant();
    const a = await sync(who);
    expect(Object.keys(a).sort()).toEqual(
      [
        'ok',
        'sculpt',
        'prompt',
        'prompt_cn',
        'style_tags',
        'aspect_ratio',
        'zh_name',
        'description',
        'genre',
        'ratio',
        'body_md',
        'image_category',
        'text_layers',
        'prompt_template',
        'fields',
        'template_error',
        'template_warnings',
      ].sort(),
    );
    expect(a.ratio).toBe('3:4');
    expect(a.template_error).toBeNull();
    expect(a.text_layers.map((l) => [l.role, l.content, l.coords, l.color, l.is_variable, l.variable])).toEqual([
      ['title', '春日限定', { x: 0.5, y: 0.12 }, '#FFFFFF', true, 'title'],
      ['title', '第二行标题', { x: 0.5, y: 0.24 }, '#FFEEDD', true, 'title_2'],
      ['price', '¥99 {起}', { x: 0.8, y: 0.85 }, '#FF3300', true, 'price'],
      ['watermark', 'STUDIO', { x: 0.1, y: 0.95 }, '#888888', false, null],
    ]);
    expect(a.text_layers[0]).toMatchObject({
      font_weight: 700,
      size_ratio: 0.1,
      alignment: 'center',
      position: 'top-center',
    });
    expect(a.template_warnings).toEqual([
      'text "STUDIO": its role "watermark" is not a variable name; kept as fixed text',
    ]);
    expect(a.fields.map((f) => [f.key, f.label, f.default])).toEqual([
      ['title', '标题', '春日限定'],
      ['title_2', '标题 2', '第二行标题'],
      ['price', '价格', '¥99 {起}'],
    ]);
    expect(a.prompt_template).toContain(': "STUDIO"');
    for (const l of a.text_layers) {
      expect(Object.keys(l).sort()).toEqual([
        'alignment',
        'color',
        'content',
        'coords',
        'font_category',
        'font_weight',
        'is_variable',
        'position',
        'role',
        'size_ratio',
        'treatment',
        'variable',
      ]);
      expect(l.coords.x).toBeGreaterThanOrEqual(0);
      expect(l.coords.x).toBeLessThanOrEqual(1);
      expect(l.color).toMatch(/^#[0-9A-F]{6}$/);
      if (l.is_variable) expect(TEMPLATE_VARIABLE_NAMES).toContain(l.variable?.replace(/_\d+$/, ''));
      else expect(l.variable).toBeNull();
    }
    const variables = a.text_layers.filter((l) => l.is_variable).map((l) => l.variable);
    expect(a.fields.map((f) => f.key)).toEqual(variables);
    expect(a.prompt_template).not.toBeNull();
    for (const v of variables) expect(a.prompt_template).toContain(`{${v}}`);
    expect(contractProblem(a.prompt_template ?? '', a.fields)).toBeNull();
    expect(a).not.toHaveProperty('template');
    expect(await ledger(who.tenantId)).toEqual([{ kind: 'charge', amount: -4, category: 'reverse' }]);
  });

  it('refuses a variable outside the list and a label key that is no variable, before charging', async () => {
    const who = await tenant();
    await expect(sync(who, { variables: ['title', 'headline'] })).rejects.toThrow(
      /variables\[1\]: "headline" is not a variable name; the names are title, subtitle/,
    );
    await expect(sync(who, { variable_labels: { colour: '颜色' } })).rejects.toThrow(
      /variable_labels\.colour: is not a variable name/,
    );
    expect(await ledger(who.tenantId)).toEqual([]);
  });

  it('narrows the variables: a text whose role was left out stays fixed text in the prompt', async () => {
    const who = await tenant();
    const narrowed = await sync(who, { variables: ['price'] });
    expect(narrowed.text_layers.map((l) => l.variable)).toEqual([null, null, 'price', null]);
    expect(narrowed.fields.map((f) => f.key)).toEqual(['price']);
    expect(narrowed.prompt_template).toContain(': "春日限定"');
    expect(narrowed.prompt_template).toContain(': "{price}"');
    expect(narrowed.prompt_template).not.toContain('{title}');
  });

  it('uses the caller labels for fields only; a label for a variable not in use is a warning', async () => {
    const who = await tenant();
    const a = await sync(who, { variable_labels: { title: '活动主题', discount: '优惠力度' } });
    expect(a.fields.map((f) => [f.key, f.label])).toEqual([
      ['title', '活动主题'],
      ['title_2', '活动主题 2'],
      ['price', '价格'],
    ]);
    expect(a.text_layers.map((l) => l.variable)).toEqual(['title', 'title_2', 'price', null]);
    expect(a.template_warnings).toContain(
      'variable_labels.discount: no text on the image became {discount}; the label is not used',
    );
    const narrowed = await sync(who, { variables: ['title'], variable_labels: { price: '售价' } });
    expect(narrowed.template_warnings).toContain(
      'variable_labels.price: "price" is not among the allowed variables; the label is not used',
    );
  });

  it('degrades when the text layers cannot be read: prompt_template null, reason given, the reading kept, half refunded', async () => {
    const who = await tenant();
    const image = await readImageInput(deps(), who, { file: await poster(2) });
    const { answer, layersFailed } = await runConversion(deps(), who, image, planConversion({}), {
      ref: 'degrade-test',
      report: async (step, status) => {
        // The reading went through: from now on every vision upstream answers malformed JSON.
        if (step === 'parse image' && status === 'ok')
          await sim.control('/__sim/faults', { json: { channel: '*', fault: 'bad_output' } });
      },
    });
    expect(layersFailed).toBe(true);
    expect(answer.prompt_template).toBeNull();
    expect(answer.fields).toEqual([]);
    expect(answer.template_error).toMatch(
      /^The text layers could not be turned into a template: .*every available upstream/,
    );
    expect(answer.sculpt.subject).toBeTruthy();
    expect(answer.prompt_cn).toBeTruthy();
  });

  it('refunds in full when the image cannot be read on any upstream', async () => {
    const who = await tenant();
    await sim.control('/__sim/faults', { json: { channel: '*', fault: 'bad_output' } });
    await expect(sync(who)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(await ledger(who.tenantId)).toEqual([
      { kind: 'charge', amount: -4, category: 'reverse' },
      { kind: 'refund', amount: 4, category: 'reverse' },
    ]);
  });

  it('gives up with a time-out error when a synchronous run passes its deadline, and refunds', async () => {
    const who = await tenant();
    await sim.control('/__sim/faults', { json: { channel: '*', fault: 'timeout' } });
    const quick = { ...config, imageToTemplate: { ...config.imageToTemplate, syncTimeoutMs: 300 } };
    const err = await convertImage({ db: t.db, files, config: quick }, who, { file: await poster(3) }, {}).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(504);
    expect((err as AppError).message).toMatch(/did not finish within 0 s.*refunded.*"async": true/);
    expect(await ledger(who.tenantId)).toEqual([
      { kind: 'charge', amount: -4, category: 'reverse' },
      { kind: 'refund', amount: 4, category: 'reverse' },
    ]);
  });
});
