import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '@baton/gateway';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer } from 'kubernetes-models/v1';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { gateway, generatedFiles, remoteStagings, services } from './k8s';
import { deploymentVariables, processEnvs, processVariables } from './processes';

/**
 * The Kubernetes manifests, rendered as operators render them (`kubectl kustomize`, Debian's kubectl) and
 * validated against the Kubernetes schemas (kubernetes-models).
 */
interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  // biome-ignore lint/suspicious/noExplicitAny: rendered YAML, checked field by field below.
  spec?: any;
  data?: Record<string, string>;
}

const models: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/ConfigMap': ConfigMap,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

const renderYaml = (overlay: string, deploy = join(repoRoot, 'deploy')) =>
  execFileSync('kubectl', ['kustomize', join(deploy, 'k8s/overlays', overlay)], { encoding: 'utf8' });
const render = (overlay: string): Manifest[] =>
  parseAllDocuments(renderYaml(overlay)).map((document) => document.toJSON() as Manifest);

const overlays: Record<string, Manifest[]> = Object.fromEntries(
  ['production', 'staging', ...remoteStagings].map((overlay) => [overlay, render(overlay)]),
);
const find = (manifests: Manifest[], kind: string, name: string) =>
  manifests.find((m) => m.kind === kind && m.metadata.name === name);
const containerOf = (manifests: Manifest[], name: string): IContainer =>
  find(manifests, 'Deployment', name)?.spec.template.spec.containers[0];
const workloads = [gateway, ...services];

describe('Kubernetes manifests', () => {
  it('are what deploy/src/k8s.ts writes (regenerate with npx tsx deploy/src/k8s.ts)', () => {
    for (const [file, content] of Object.entries(generatedFiles()))
      expect(readFileSync(file, 'utf8'), file).toBe(content);
  });

  it.each(Object.keys(overlays))(
    '%s renders with kubectl kustomize and every object passes its schema',
    (overlay) => {
      const manifests = overlays[overlay] ?? [];
      const kinds = new Set<string>();
      for (const manifest of manifests) {
        const model = models[`${manifest.apiVersion}/${manifest.kind}`];
        kinds.add(manifest.kind);
        if (model)
          expect(() => new model(manifest as never).validate(), manifest.metadata.name).not.toThrow();
        else expect(`${manifest.apiVersion}/${manifest.kind}`).toBe('postgresql.cnpg.io/v1/Cluster');
        expect(manifest.metadata.namespace).toBe(overlay === 'production' ? 'baton' : 'baton-staging');
      }
      // Secrets are referenced (the database operator's, the operators' own), never written into the manifests.
      expect(kinds.has('Secret')).toBe(false);
    },
  );

  it('give every service and the gateway a Deployment, Service, disruption budget, autoscaler and probes', () => {
    const manifests = overlays.production ?? [];
    for (const { name, port } of workloads) {
      for (const kind of [
        'Deployment',
        'Service',
        'PodDisruptionBudget',
        'HorizontalPodAutoscaler',
        'NetworkPolicy',
      ])
        expect(find(manifests, kind, name), `${kind} ${name}`).toBeDefined();
      const container = containerOf(manifests, name);
      expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
      expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
      expect(container.resources?.requests?.cpu).toBeDefined();
      expect(container.resources?.limits?.memory).toBeDefined();
      expect(container.securityContext?.runAsNonRoot).toBe(true);
      expect(container.ports?.[0]?.containerPort).toBe(port);
      expect(container.image).toMatch(new RegExp(`^registry\\.example\\.com/baton/${name}:`));
      // The pause before SIGTERM and the process's orderly close fit in the grace period.
      const pod = find(manifests, 'Deployment', name)?.spec.template.spec;
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(30);
      expect(container.lifecycle?.preStop?.exec?.command).toEqual(['sleep', '5']);
    }
    expect(find(manifests, 'Deployment', 'gateway')?.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(find(manifests, 'HorizontalPodAutoscaler', 'gateway')?.spec.minReplicas).toBeGreaterThanOrEqual(2);
  });

  it('let only the gateway (and the services that call one) reach a service', () => {
    const manifests = overlays.production ?? [];
    const deny = find(manifests, 'NetworkPolicy', 'baton-default-deny');
    expect(deny?.spec).toEqual({
      podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'baton' } },
      policyTypes: ['Ingress'],
    });
    for (const { name, callers } of services) {
      const rules = find(manifests, 'NetworkPolicy', name)?.spec.ingress as { from?: unknown[] }[];
      expect(
        rules.every((rule) => rule.from && rule.from.length > 0),
        name,
      ).toBe(true);
      const from = rules.flatMap(
        (rule) => rule.from as { podSelector: { matchLabels: Record<string, string> } }[],
      );
      expect(
        from.map((peer) => peer.podSelector.matchLabels['app.kubernetes.io/component']).sort(),
        name,
      ).toEqual([...callers].sort());
      expect(callers).toContain('gateway');
    }
  });

  it('give every process each variable it needs and only those it reads, from the shared ConfigMap or a Secret', () => {
    for (const manifests of Object.values(overlays)) {
      const config = manifests.find(
        (m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('baton-config-'),
      );
      for (const deployment of manifests.filter((m) => m.kind === 'Deployment')) {
        const container: IContainer = deployment.spec.template.spec.containers[0];
        const schema = processEnvs[container.name] as (typeof processEnvs)[string];
        const env = container.env ?? [];
        expect(
          deploymentVariables(schema).filter((key) => !env.some((v) => v.name === key)),
          deployment.metadata.name,
        ).toEqual([]);
        // Nothing it does not read.
        expect(
          env.map((v) => v.name).filter((key) => !processVariables(container.name).includes(key)),
          deployment.metadata.name,
        ).toEqual([]);
        expect(container.envFrom, deployment.metadata.name).toBeUndefined();
        for (const shared of env.filter((v) => v.valueFrom?.configMapKeyRef)) {
          expect(shared.valueFrom?.configMapKeyRef?.name).toBe(config?.metadata.name);
          expect(Object.keys(config?.data ?? {})).toContain(shared.valueFrom?.configMapKeyRef?.key);
        }
      }
      const database = containerOf(manifests, 'tasks').env?.find((v) => v.name === 'DATABASE_URL');
      expect(database?.valueFrom?.secretKeyRef).toEqual({
        name: 'baton-db-app',
        key: 'uri',
        optional: false,
      });
      const gatewayEnv = containerOf(manifests, 'gateway').env?.map((v) => v.name);
      expect(gatewayEnv).not.toContain('DATABASE_URL');
      expect(gatewayEnv).not.toContain('SMTP_URL');
    }
  });

  /** The environment each gateway of a render runs, and the environments' files it has mounted. */
  function gatewaysOf(manifests: Manifest[]) {
    const config = manifests.find(
      (m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('baton-config-'),
    );
    return manifests
      .filter((m) => m.kind === 'Deployment' && m.spec.template.spec.containers[0].name === 'gateway')
      .map((deployment) => {
        const pod = deployment.spec.template.spec;
        const variable = (pod.containers[0] as IContainer).env?.find((v) => v.name === 'BATON_ENVIRONMENT');
        const mounted = (pod.containers[0] as IContainer).volumeMounts
          ?.filter((mount) => mount.mountPath.startsWith('/etc/baton/environments/'))
          .map((mount) => {
            const volume = pod.volumes.find((v: { name: string }) => v.name === mount.name);
            const map = manifests.find(
              (m) => m.kind === 'ConfigMap' && m.metadata.name === volume.configMap.name,
            );
            return { name: mount.mountPath.slice('/etc/baton/environments/'.length), files: map?.data };
          });
        return {
          name: deployment.metadata.name,
          environment: variable?.value ?? config?.data?.[variable?.valueFrom?.configMapKeyRef?.key ?? ''],
          mounted,
        };
      });
  }

  it("run each gateway on its environment's files, one ConfigMap per environment, whose name changes with them", () => {
    const files = (name: string) =>
      Object.fromEntries(
        ['environment.json', 'mf-tasks.json', 'mf-folders.json', 'mf-notifications.json', 'mf-settings.json']
          .map((file) => [file, join(repoRoot, 'deploy/environments', name, file)] as const)
          .filter(([, path]) => {
            try {
              readFileSync(path);
              return true;
            } catch {
              return false;
            }
          })
          .map(([file, path]) => [file, readFileSync(path, 'utf8')]),
      );
    const chain = (...names: string[]) => names.map((name) => ({ name, files: files(name) }));
    expect(gatewaysOf(overlays.production ?? [])).toEqual([
      { name: 'gateway', environment: 'production', mounted: chain('production') },
    ]);
    expect(gatewaysOf(overlays.staging ?? [])).toEqual([
      { name: 'gateway', environment: 'staging', mounted: chain('production', 'staging') },
    ]);
    for (const environment of remoteStagings) {
      const remote = environment.slice('staging-'.length);
      // The staging render, plus the team's own gateway in front of the same services.
      expect(gatewaysOf(overlays[environment] ?? [])).toEqual([
        { name: 'gateway', environment: 'staging', mounted: chain('production', 'staging') },
        {
          name: `gateway-${remote}`,
          environment,
          mounted: chain(environment, 'staging', 'production'),
        },
      ]);
      const service = find(overlays[environment] ?? [], 'Service', `gateway-${remote}`);
      expect(service?.spec.selector).toEqual({ 'app.kubernetes.io/name': `gateway-${remote}` });
      expect(service?.metadata.namespace).toBe('baton-staging');
    }
    // No gateway of another environment answers behind staging's Service.
    expect(find(overlays['staging-mf-tasks'] ?? [], 'Service', 'gateway')?.spec.selector).toEqual({
      'app.kubernetes.io/name': 'gateway',
    });
  });

  it('render production byte for byte the same whatever changes in a staging environment, and a staging-<remote> change only its own', () => {
    const copy = mkdtempSync(join(tmpdir(), 'baton-k8s-'));
    try {
      for (const folder of ['k8s', 'environments'])
        cpSync(join(repoRoot, 'deploy', folder), join(copy, folder), { recursive: true });
      const renders = () =>
        Object.fromEntries(
          ['production', 'staging', 'staging-mf-tasks', 'staging-mf-folders'].map((overlay) => [
            overlay,
            renderYaml(overlay, copy),
          ]),
        );
      const before = renders();
      const edit = (environment: string, file: string, content: object) =>
        writeFileSync(join(copy, 'environments', environment, file), `${JSON.stringify(content, null, 2)}\n`);
      edit('staging-mf-tasks', 'mf-tasks.json', { version: 'abcdefabcdef', previous: [] });
      const afterRemote = renders();
      expect(afterRemote.production).toBe(before.production);
      expect(afterRemote.staging).toBe(before.staging);
      expect(afterRemote['staging-mf-folders']).toBe(before['staging-mf-folders']);
      expect(afterRemote['staging-mf-tasks']).not.toBe(before['staging-mf-tasks']);
      edit('staging', 'environment.json', { description: 'edited', extends: 'production' });
      edit('staging-mf-settings', 'environment.json', { description: 'edited', extends: 'staging' });
      const afterStaging = renders();
      expect(afterStaging.production).toBe(before.production);
      expect(afterStaging.staging).not.toBe(before.staging);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('run Postgres through CloudNativePG (three instances in production, one on staging)', () => {
    const production = find(overlays.production ?? [], 'Cluster', 'baton-db');
    expect(production?.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(production?.spec.instances).toBe(3);
    expect(production?.spec.bootstrap.initdb.owner).toBe('baton');
    expect(find(overlays.staging ?? [], 'Cluster', 'baton-db')?.spec.instances).toBe(1);
  });

  it("reference NATS's official Helm chart, pinned, with JetStream on", () => {
    const nats = parse(readFileSync(join(repoRoot, 'deploy/k8s/nats/kustomization.yaml'), 'utf8'));
    const [chart] = nats.helmCharts;
    expect(chart).toMatchObject({ name: 'nats', repo: 'https://nats-io.github.io/k8s/helm/charts/' });
    expect(chart.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(chart.valuesInline.config.jetstream.enabled).toBe(true);
    expect(chart.valuesInline.config.cluster.replicas).toBeGreaterThanOrEqual(3);
  });
});
