import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@baton/gateway';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer, IEnvVar, IVolume } from 'kubernetes-models/v1';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Service } from 'kubernetes-models/v1/Service';
import { stringify } from 'yaml';

/**
 * The cluster's Baton workloads, written as `deploy/k8s/base/app.yaml` (the Kustomize base in `deploy/k8s/base`
 * includes it; overlays in `deploy/k8s/overlays/`). One table of processes instead of five copies of the
 * same YAML; a test fails when the file is not what this writes.
 *
 *   npx tsx deploy/src/k8s.ts
 */
export interface Workload {
  name: string;
  port: number;
  /** Who may open connections to it (NetworkPolicy): the gateway, and services that call it. */
  callers: string[];
  replicas: { min: number; max: number };
}

export const gateway: Workload = { name: 'gateway', port: 8080, callers: [], replicas: { min: 2, max: 10 } };
export const services: Workload[] = [
  // Every service fetches identity's JWKS; tasks also calls identity's internal routes.
  {
    name: 'identity',
    port: 7101,
    callers: ['gateway', 'tasks', 'folders', 'notifications', 'files'],
    replicas: { min: 2, max: 6 },
  },
  { name: 'tasks', port: 7102, callers: ['gateway', 'folders'], replicas: { min: 2, max: 6 } },
  { name: 'folders', port: 7103, callers: ['gateway'], replicas: { min: 2, max: 6 } },
  { name: 'notifications', port: 7104, callers: ['gateway'], replicas: { min: 2, max: 6 } },
  { name: 'files', port: 7105, callers: ['gateway', 'tasks', 'folders'], replicas: { min: 2, max: 6 } },
];

const partOf = { 'app.kubernetes.io/part-of': 'baton' };
const labelsOf = (name: string) => ({ 'app.kubernetes.io/name': name, ...partOf });
const selectorOf = (name: string) => ({ 'app.kubernetes.io/name': name });

/** Secrets are referenced, never written here: Postgres's from its operator, SMTP's and S3's by operators. */
const secretEnv = (name: string, secret: string, key: string, optional = false): IEnvVar => ({
  name,
  valueFrom: { secretKeyRef: { name: secret, key, optional } },
});

function container(workload: Workload, extra: Partial<IContainer>): IContainer {
  const probe = (path: string) => ({ httpGet: { path, port: 'http' }, periodSeconds: 10, timeoutSeconds: 3 });
  return {
    name: workload.name,
    image: `baton/${workload.name}`,
    ports: [{ name: 'http', containerPort: workload.port }],
    envFrom: [{ configMapRef: { name: 'baton-config' } }],
    env: [
      { name: 'PORT', value: String(workload.port) },
      // CloudNativePG writes the app role's URL into <cluster>-app; each service opens its own database there.
      secretEnv('DATABASE_URL', 'baton-db-app', 'uri'),
      secretEnv('SMTP_URL', 'baton-smtp', 'url'),
      ...(extra.env ?? []),
    ],
    // Migrations run before the port opens (serialised across replicas by a Postgres advisory lock).
    startupProbe: { ...probe('/healthz'), failureThreshold: 30 },
    livenessProbe: probe('/healthz'),
    readinessProbe: probe('/readyz'),
    // Endpoints drop the pod before it gets SIGTERM and closes its connections.
    lifecycle: { preStop: { exec: { command: ['sleep', '5'] } } },
    resources: { requests: { cpu: '100m', memory: '160Mi' }, limits: { memory: '512Mi' } },
    securityContext: {
      runAsNonRoot: true,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    },
    volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }, ...(extra.volumeMounts ?? [])],
  };
}

function workloadResources(workload: Workload, extra: Partial<IContainer> = {}, volumes: IVolume[] = []) {
  const { name } = workload;
  return [
    new Deployment({
      metadata: { name, labels: labelsOf(name) },
      spec: {
        replicas: workload.replicas.min,
        selector: { matchLabels: selectorOf(name) },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        template: {
          metadata: { labels: labelsOf(name) },
          spec: {
            // The preStop pause plus the process's own orderly close (HTTP, consumers, relay, connections).
            terminationGracePeriodSeconds: 40,
            securityContext: { runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 },
            containers: [container(workload, extra)],
            volumes: [{ name: 'tmp', emptyDir: {} }, ...volumes],
          },
        },
      },
    }),
    new Service({
      metadata: { name, labels: labelsOf(name) },
      spec: {
        selector: selectorOf(name),
        ports: [{ name: 'http', port: workload.port, targetPort: 'http' }],
      },
    }),
    new PodDisruptionBudget({
      metadata: { name, labels: labelsOf(name) },
      spec: { minAvailable: 1, selector: { matchLabels: selectorOf(name) } },
    }),
    new HorizontalPodAutoscaler({
      metadata: { name, labels: labelsOf(name) },
      spec: {
        scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
        minReplicas: workload.replicas.min,
        maxReplicas: workload.replicas.max,
        metrics: [
          {
            type: 'Resource',
            resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
          },
        ],
      },
    }),
    new NetworkPolicy({
      metadata: { name, labels: labelsOf(name) },
      spec: {
        podSelector: { matchLabels: selectorOf(name) },
        policyTypes: ['Ingress'],
        ingress: [
          workload === gateway
            ? // The gateway is the way in (from the ingress controller or load balancer).
              { ports: [{ port: workload.port }] }
            : {
                from: workload.callers.map((caller) => ({
                  podSelector: { matchLabels: selectorOf(caller) },
                })),
                ports: [{ port: workload.port }],
              },
        ],
      },
    }),
  ];
}

export function manifests() {
  const serviceUrls: IEnvVar[] = services.map((s) => ({
    name: `${s.name.toUpperCase()}_URL`,
    value: `http://${s.name}:${s.port}`,
  }));
  const objects = [
    // Nothing reaches a Baton pod unless a policy below lets it.
    new NetworkPolicy({
      metadata: { name: 'baton-default-deny', labels: partOf },
      spec: { podSelector: { matchLabels: partOf }, policyTypes: ['Ingress'] },
    }),
    ...workloadResources(
      gateway,
      {
        env: [
          ...serviceUrls,
          { name: 'ENVIRONMENTS_DIR', value: '/etc/baton/environments' },
          { name: 'RELEASES_DIR', value: '/var/lib/baton/releases' },
          // The ingress controller's pods, in the cluster's private pod network: the client is the address
          // it appends to X-Forwarded-For. Narrow it to the cluster's pod CIDR where that is known.
          { name: 'TRUSTED_PROXIES', value: '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16' },
        ],
        volumeMounts: [
          { name: 'environments', mountPath: '/etc/baton/environments', readOnly: true },
          { name: 'releases', mountPath: '/var/lib/baton/releases', readOnly: true },
        ],
      },
      [
        // Generated from deploy/environments/*.json: a changed line is a new ConfigMap, so a rollout.
        { name: 'environments', configMap: { name: 'baton-environments' } },
        { name: 'releases', persistentVolumeClaim: { claimName: 'baton-releases', readOnly: true } },
      ],
    ),
    ...services.flatMap((service) =>
      workloadResources(service, {
        env: [
          ...serviceUrls,
          ...(service.name === 'files'
            ? [
                secretEnv('AWS_ACCESS_KEY_ID', 'baton-s3', 'access-key-id', true),
                secretEnv('AWS_SECRET_ACCESS_KEY', 'baton-s3', 'secret-access-key', true),
              ]
            : []),
        ],
      }),
    ),
    // The remotes' releases, written by the release pipeline (deploy/README.md "Deploying"), read by gateways.
    new PersistentVolumeClaim({
      metadata: { name: 'baton-releases', labels: partOf },
      spec: { accessModes: ['ReadOnlyMany'], resources: { requests: { storage: '2Gi' } } },
    }),
  ];
  for (const object of objects) object.validate();
  return objects;
}

export const manifestsFile = join(repoRoot, 'deploy/k8s/base/app.yaml');

export function manifestsYaml() {
  const header = '# Written by deploy/src/k8s.ts (npx tsx deploy/src/k8s.ts): edit that, not this file.\n';
  return (
    header +
    manifests()
      .map((object) => stringify(object.toJSON(), { lineWidth: 0 }))
      .join('---\n')
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(manifestsFile, manifestsYaml());
  console.log(`wrote ${manifestsFile}`);
}
