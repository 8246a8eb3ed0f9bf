import { describe, expect, it } from 'vitest';
import { adminKey, api, newMember, newTenant, waitForJob } from '../helpers/api';

interface Field {
  key: string;
  label: string;
  required?: boolean;
  default?: string;
}
interface Skill {
  slug: string;
  zh_name: string;
  description: string;
  ratio: string;
  genre: string;
  ref_required: boolean;
  thumb: string;
  fields: Field[] | null;
}
type OperatorSkill = Skill & { prompt: string; origin: string; active: boolean };

async function operatorSkills(): Promise<OperatorSkill[]> {
  const res = await api<{ skills: OperatorSkill[] }>('/admin', { key: adminKey(), body: { action: 'skill-list' } });
  expect(res.status).toBe(200);
  return res.body.skills;
}

/** Long pieces of a prompt: any of them showing up in a response would leak the recipe. */
function fragments(prompt: string): string[] {
  const text = prompt.replace(/\{[A-Za-z_]+\}/g, '\n');
  return text
    .split(/\n/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 24)
    .map((s) => s.slice(0, 24));
}

describe('skills: the catalogue', () => {
  it('lists a starter catalogue with every field of the Skill resource and never the prompt', async () => {
    const t = await newTenant();
    const res = await api<{ ok: boolean; skills: (Skill & Record<string, unknown>)[] }>('/skills', { key: t.key });
    expect(res.status).toBe(200);
    expect(res.body.skills.length).toBeGreaterThanOrEqual(12);
    for (const s of res.body.skills) {
      expect(Object.keys(s).sort()).toEqual([
        'description',
        'fields',
        'genre',
        'ratio',
        'ref_required',
        'slug',
        'thumb',
        'zh_name',
      ]);
      expect(s.zh_name).toMatch(/[\u4e00-\u9fff]/);
      expect(s.thumb).toMatch(/^https?:\/\/.+\.svg$/);
    }
    expect(res.body.skills.some((s) => s.fields === null)).toBe(true);
    expect(res.body.skills.some((s) => Array.isArray(s.fields) && s.fields.length > 0)).toBe(true);
    expect(res.body.skills.some((s) => s.ref_required)).toBe(true);

    const thumb = await fetch(res.body.skills[0]?.thumb ?? '');
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('never shows a skill’s prompt in any answer: listings, jobs, errors or the API document', async () => {
    const t = await newTenant({ credits: 200 });
    // A skill whose recipe carries a marker no other text has, used like a caller would.
    const marker = `RECIPE-MARKER-${Date.now().toString(36)}`;
    const formSlug = `leak-form-${Date.now().toString(36)}`;
    const created = await api('/admin', {
      key: adminKey(),
      body: {
        action: 'skill-upsert',
        slug: formSlug,
        zh_name: '保密配方',
        description: '测试用的表单技能。',
        ratio: '1:1',
        genre: 'poster',
        thumb: '/thumbs/skills/none.svg',
        fields: [{ key: 'subject', label: '主体' }],
        prompt: `${marker} studio lighting around {subject}, ${marker}`,
      },
    });
    expect(created.status).toBe(200);
    const all = await operatorSkills();
    const sentence = all.find((s) => s.fields === null && !s.ref_required && s.active);
    if (!sentence) throw new Error('the catalogue needs a one-sentence skill without ref_required');

    const answers: unknown[] = [];
    answers.push((await api('/skills', { key: t.key })).body);
    const run = await api<{ jobId: string }>('/generate', {
      key: t.key,
      body: { skill_slug: sentence.slug, input: '一只在窗台晒太阳的橘猫' },
    });
    const runForm = await api<{ jobId: string }>('/generate', {
      key: t.key,
      body: { skill_slug: formSlug, input: { subject: '青瓷茶杯' } },
    });
    expect(run.status).toBe(200);
    expect(runForm.status).toBe(200);
    await waitForJob(t.key, run.body.jobId);
    await waitForJob(t.key, runForm.body.jobId);
    answers.push((await api(`/jobs?id=${run.body.jobId}`, { key: t.key })).body);
    answers.push((await api(`/jobs?id=${runForm.body.jobId}`, { key: t.key })).body);
    answers.push((await api('/jobs', { key: t.key })).body);
    answers.push((await api('/generate', { key: t.key, body: { skill_slug: formSlug, input: {} } })).body);
    answers.push((await api('/generate', { key: t.key, body: { skill_slug: formSlug, input: 'a sentence' } })).body);
    answers.push(
      (await api('/generate', { key: t.key, body: { skill_slug: formSlug, input: { subject: 'x', other: 'y' } } }))
        .body,
    );
    answers.push((await api('/generate', { key: t.key, body: { skill_slug: sentence.slug, input: { a: 1 } } })).body);
    answers.push((await api('/openapi.json')).body);
    const text = JSON.stringify(answers);
    for (const s of all) for (const piece of fragments(s.prompt)) expect(text, `${s.slug} leaked`).not.toContain(piece);

    // Template listings hold template prompts (which may share phrases with skills) but never the marker.
    const listings = JSON.stringify([
      (await api('/templates', { key: t.key })).body,
      (await api('/video-templates', { key: t.key })).body,
    ]);
    expect(listings).not.toContain(marker);

    const job = (answers[1] as { job: { prompt: string; skill_slug: string } }).job;
    expect(job.skill_slug).toBe(sentence.slug);
    expect(job.prompt).toContain('一只在窗台晒太阳的橘猫');
    const formJob = (answers[2] as { job: { prompt: string } }).job;
    expect(formJob.prompt).toBe('保密配方: 主体: 青瓷茶杯');
  });
});

describe('skills: generation', () => {
  it('runs a one-sentence skill and a form skill, filling defaults for optional fields', async () => {
    const t = await newTenant({ credits: 200 });
    const all = await operatorSkills();
    const form = all.find((s) => s.fields?.some((f) => f.required === false) && !s.ref_required && s.active);
    if (!form?.fields) throw new Error('the catalogue needs a form skill with an optional field');
    const input = Object.fromEntries(
      form.fields.filter((f) => f.required !== false).map((f) => [f.key, `测试${f.label}`]),
    );
    const res = await api<{ jobId: string }>('/generate', { key: t.key, body: { skill_slug: form.slug, input } });
    expect(res.status).toBe(200);
    const job = await waitForJob(t.key, res.body.jobId);
    expect(job.status).toBe('done');
    const view = await api<{ job: { ratio: string } }>(`/jobs?id=${res.body.jobId}`, { key: t.key });
    expect(view.body.job.ratio).toBe(form.ratio);
  });

  it('refuses a missing required form field, unknown keys, the wrong input shape and an unknown skill with 400', async () => {
    const t = await newTenant({ credits: 100 });
    const all = await operatorSkills();
    const form = all.find((s) => s.fields?.some((f) => f.required !== false) && s.active);
    const sentence = all.find((s) => s.fields === null && !s.ref_required && s.active);
    if (!form?.fields || !sentence) throw new Error('catalogue incomplete');
    const required = form.fields.find((f) => f.required !== false);
    if (!required) throw new Error('no required field');
    const full = Object.fromEntries(form.fields.map((f) => [f.key, '值']));
    const withoutRequired = Object.fromEntries(Object.entries(full).filter(([k]) => k !== required.key));
    const refs = form.ref_required ? { reference_images: [] } : {};
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { skill_slug: form.slug, input: withoutRequired, ...refs },
        new RegExp(`input\\.${required.key}: required field`),
      ],
      [
        { skill_slug: form.slug, input: { ...full, [required.key]: '   ' }, ...refs },
        new RegExp(`input\\.${required.key}`),
      ],
      [{ skill_slug: form.slug, input: 'just a sentence', ...refs }, /send an object/],
      [{ skill_slug: sentence.slug, input: { topic: 'x' } }, /one sentence/],
      [{ skill_slug: sentence.slug }, /input: describe what you want/],
      [{ skill_slug: 'no-such-skill', input: 'x' }, /no skill "no-such-skill"/],
    ];
    if (!form.ref_required)
      cases.push([{ skill_slug: form.slug, input: { ...full, extra_key: 'x' } }, /input\.extra_key: unknown field/]);
    for (const [body, error] of cases) {
      const res = await api<{ error: string }>('/generate', { key: t.key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    expect((await api<{ credits: number }>('/balance', { key: t.key })).body.credits).toBe(100);
  });

  it('refuses a ref_required skill without a reference image', async () => {
    const t = await newTenant();
    const all = await operatorSkills();
    const needsRef = all.find((s) => s.ref_required && s.active);
    if (!needsRef) throw new Error('the catalogue needs a ref_required skill');
    const input = needsRef.fields
      ? Object.fromEntries(needsRef.fields.map((f) => [f.key, '值']))
      : '把商品放在大理石台面上';
    const res = await api<{ error: string }>('/generate', { key: t.key, body: { skill_slug: needsRef.slug, input } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/reference_images: .*reference image/);
  });
});

describe('skills: operators', () => {
  it('adds and edits skills; callers keep sending the same slug and input', async () => {
    const slug = `op-skill-${Date.now().toString(36)}`;
    const body = {
      action: 'skill-upsert',
      slug,
      zh_name: '运营新技能',
      description: '一句话生成节日海报。',
      ratio: '3:4',
      genre: 'poster',
      thumb: '/thumbs/skills/none.svg',
      fields: null,
      prompt: 'A festive poster about {input}, version one, bold red and gold palette',
    };
    const created = await api<{ skill: OperatorSkill }>('/admin', { key: adminKey(), body });
    expect(created.status).toBe(200);
    expect(created.body.skill).toMatchObject({ slug, origin: 'operator', prompt: body.prompt });

    const t = await newTenant({ credits: 100 });
    const before = (await api<{ skills: Skill[] }>('/skills', { key: t.key })).body.skills.find((s) => s.slug === slug);
    const edited = await api('/admin', {
      key: adminKey(),
      body: { ...body, prompt: 'A festive poster about {input}, version two, soft pastel palette' },
    });
    expect(edited.status).toBe(200);
    const after = (await api<{ skills: Skill[] }>('/skills', { key: t.key })).body.skills.find((s) => s.slug === slug);
    expect(after).toEqual(before);
    const run = await api('/generate', { key: t.key, body: { skill_slug: slug, input: '中秋节' } });
    expect(run.status).toBe(200);

    const broken = await api<{ error: string }>('/admin', {
      key: adminKey(),
      body: { ...body, prompt: 'A poster without the sentence slot' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toContain('{input}');
    const member = await newMember(t.key);
    for (const key of [t.key, member.key])
      expect((await api('/admin', { key, body: { action: 'skill-list' } })).status).toBe(403);
  });
});
