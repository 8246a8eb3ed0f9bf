import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { ConfigMap, Service } from 'kubernetes-models/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { SETTING_NAMES } from '@/server/config';

/**
 * deploy/kubernetes describes processes of this code: each object is checked against the Kubernetes API's
 * own schemas (kubernetes-models 4.5.1, generated from the Kubernetes OpenAPI document), and against
 * Studio: its settings, commands, probes and drain time.
 */
const dir = path.resolve(import.meta.dirname, '../deploy/kubernetes');
const MODELS: Record<string, { validate(): void } & (new (o: never) => { validate(): void })> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
} as never;

interface Container {
  name: string;
  image: string;
  command: string[];
  env?: { name: string; value: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string }; tcpSocket?: { port: string } };
  ports?: { name: string; containerPort: number }[];
}
interface Doc {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: {
    template?: { spec: { containers: Container[]; terminationGracePeriodSeconds?: number } };
    scaleTargetRef?: { name: string };
  };
  data?: Record<string, string>;
}

const kustomization = parseAllDocuments(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'))[0]?.toJS() as {
  resources: string[];
};
const docs: Doc[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((d) => d.toJS() as Doc),
);
const named = (kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata.name === name);
const container = (name: string) => {
  const c =
    named('Deployment', name)?.spec?.template?.spec.containers[0] ??
    named('Job', name)?.spec?.template?.spec.containers[0];
  if (!c) throw new Error(`no container in ${name}`);
  return c;
};

describe('deploy/kubernetes', () => {
  it('lists every manifest in its kustomization, and each object passes the Kubernetes schema', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect(kustomization.resources.toSorted()).toEqual(files.toSorted());
    expect(docs.length).toBeGreaterThanOrEqual(10);
    for (const doc of docs) {
      const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
      if (!Model) throw new Error(`${doc.apiVersion} ${doc.kind}: a kind the test does not know`);
      expect(() => new Model(doc as never).validate(), `${doc.kind} ${doc.metadata.name}`).not.toThrow();
    }
  });

  it('refuses what the Kubernetes schema refuses (the check can fail)', () => {
    const bad = structuredClone(named('Deployment', 'studio-web')) as Doc;
    const port = bad.spec?.template?.spec.containers[0]?.ports?.[0] as { containerPort: unknown } | undefined;
    if (!port) throw new Error('the web container has no port');
    port.containerPort = 'http';
    expect(() => new Deployment(bad as never).validate()).toThrow(/containerPort must be integer/);
  });

  it('sets only settings Studio knows, and keeps secrets out of the ConfigMap', () => {
    const config = named('ConfigMap', 'studio')?.data ?? {};
    const simulator = ['STUDIO_SIM_HOST', 'STUDIO_SIM_PORT'];
    for (const key of Object.keys(config)) expect(SETTING_NAMES, key).toContain(key);
    for (const secret of ['DATABASE_URL', 'STUDIO_SECRET', 'STUDIO_ADMIN_KEY', 'S3_SECRET_ACCESS_KEY'])
      expect(config, secret).not.toHaveProperty(secret);
    expect(config.STUDIO_MIGRATE).toBe('off');
    for (const doc of docs)
      for (const c of doc.spec?.template?.spec.containers ?? [])
        for (const e of c.env ?? []) expect([...SETTING_NAMES, ...simulator], `${c.name}: ${e.name}`).toContain(e.name);
  });

  it('runs migrations as a Job, web without a worker, workers, each with the shared settings and probes', () => {
    expect(container('studio-migrate').command).toEqual(['npm', 'run', 'migrate']);
    const web = container('studio-web');
    expect(web.env).toContainEqual({ name: 'STUDIO_WORKER', value: 'off' });
    expect(web.readinessProbe?.httpGet?.path).toBe('/api/health');
    expect(web.livenessProbe?.httpGet?.path).toBe('/api/health/live');
    const worker = container('studio-worker');
    expect(worker.command.join(' ')).toContain('src/worker/main.ts');
    expect(worker.livenessProbe?.tcpSocket?.port).toBe('metrics');
    for (const c of [web, worker, container('studio-migrate')])
      expect(c.envFrom).toEqual([{ configMapRef: { name: 'studio' } }, { secretRef: { name: 'studio' } }]);
  });

  it('gives a draining pod longer than STUDIO_DRAIN_MS, keeps one of each up, and scales both', () => {
    const drainS = Number(named('ConfigMap', 'studio')?.data?.STUDIO_DRAIN_MS) / 1000;
    for (const name of ['studio-web', 'studio-worker']) {
      expect(named('Deployment', name)?.spec?.template?.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(
        drainS + 5,
      );
      expect(named('PodDisruptionBudget', name)).toBeDefined();
      expect(named('HorizontalPodAutoscaler', name)?.spec?.scaleTargetRef?.name).toBe(name);
    }
  });
});
