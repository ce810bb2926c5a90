import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@baton/gateway';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer } from 'kubernetes-models/v1';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { gateway, manifestsFile, manifestsYaml, services } from './k8s';
import { deploymentVariables, processEnvs } from './processes';

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
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

function render(overlay: string): Manifest[] {
  const yaml = execFileSync('kubectl', ['kustomize', join(repoRoot, 'deploy/k8s/overlays', overlay)], {
    encoding: 'utf8',
  });
  return parseAllDocuments(yaml).map((document) => document.toJSON() as Manifest);
}

const overlays = { production: render('production'), staging: render('staging') };
const find = (manifests: Manifest[], kind: string, name: string) =>
  manifests.find((m) => m.kind === kind && m.metadata.name === name);
const containerOf = (manifests: Manifest[], name: string): IContainer =>
  find(manifests, 'Deployment', name)?.spec.template.spec.containers[0];
const workloads = [gateway, ...services];

describe('Kubernetes manifests', () => {
  it('are what deploy/src/k8s.ts writes (regenerate with npx tsx deploy/src/k8s.ts)', () => {
    expect(readFileSync(manifestsFile, 'utf8')).toBe(manifestsYaml());
  });

  it.each(Object.keys(overlays))(
    '%s renders with kubectl kustomize and every object passes its schema',
    (overlay) => {
      const manifests = overlays[overlay as keyof typeof overlays];
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
    const manifests = overlays.production;
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
    const manifests = overlays.production;
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
      expect(from.map((peer) => peer.podSelector.matchLabels['app.kubernetes.io/name']).sort(), name).toEqual(
        [...callers].sort(),
      );
      expect(callers).toContain('gateway');
    }
  });

  it('give every process each variable it needs, from its env, the shared ConfigMap or a Secret', () => {
    for (const manifests of Object.values(overlays)) {
      const config = manifests.find(
        (m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('baton-config-'),
      );
      for (const [name, schema] of Object.entries(processEnvs)) {
        const container = containerOf(manifests, name);
        const fromConfigMap = container.envFrom?.some(
          (source) => source.configMapRef?.name === config?.metadata.name,
        );
        expect(fromConfigMap, name).toBe(true);
        const given = [...(container.env ?? []).map((v) => v.name), ...Object.keys(config?.data ?? {})];
        expect(
          deploymentVariables(schema).filter((key) => !given.includes(key)),
          name,
        ).toEqual([]);
      }
      const database = containerOf(manifests, 'tasks').env?.find((v) => v.name === 'DATABASE_URL');
      expect(database?.valueFrom?.secretKeyRef).toEqual({
        name: 'baton-db-app',
        key: 'uri',
        optional: false,
      });
    }
  });

  it("run each gateway on its environment's file, mounted from a ConfigMap whose name changes with it", () => {
    for (const [overlay, manifests] of Object.entries(overlays)) {
      const config = manifests.find(
        (m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('baton-config-'),
      );
      expect(config?.data?.BATON_ENVIRONMENT).toBe(overlay);
      const environments = manifests.find(
        (m) => m.kind === 'ConfigMap' && m.metadata.name.startsWith('baton-environments-'),
      );
      const staging = readFileSync(join(repoRoot, 'deploy/environments/staging.json'), 'utf8');
      expect(environments?.data?.['staging.json']).toBe(staging);
      const volumes = find(manifests, 'Deployment', 'gateway')?.spec.template.spec.volumes;
      expect(volumes).toContainEqual({
        name: 'environments',
        configMap: { name: environments?.metadata.name },
      });
      expect(volumes).toContainEqual({
        name: 'releases',
        persistentVolumeClaim: { claimName: 'baton-releases', readOnly: true },
      });
    }
  });

  it('run Postgres through CloudNativePG (three instances in production, one on staging)', () => {
    const production = find(overlays.production, 'Cluster', 'baton-db');
    expect(production?.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(production?.spec.instances).toBe(3);
    expect(production?.spec.bootstrap.initdb.owner).toBe('baton');
    expect(find(overlays.staging, 'Cluster', 'baton-db')?.spec.instances).toBe(1);
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
