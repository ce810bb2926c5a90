import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { remoteNames, repoRoot } from '@baton/gateway';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer, IEnvVar, IVolume } from 'kubernetes-models/v1';
import { Service } from 'kubernetes-models/v1/Service';
import { stringify } from 'yaml';
import { processVariables } from './processes';

/**
 * The cluster's Baton workloads, written as `deploy/k8s/base/app.yaml` (the Kustomize base in `deploy/k8s/base`
 * includes it; overlays in `deploy/k8s/overlays/`), and the overlays `staging-<remote>`: one more gateway
 * each, in front of the staging services. One table of processes instead of copies of the same YAML; a test
 * fails when a file is not what this writes.
 *
 *   npx tsx deploy/src/k8s.ts
 */
export interface Workload {
  name: string;
  /** What it runs: the process (`processEnvs`) and image; several gateways run the gateway. */
  component: string;
  port: number;
  /** Who may open connections to it (NetworkPolicy): the gateway, and services that call it. */
  callers: string[];
  replicas: { min: number; max: number };
}

export const gateway: Workload = {
  name: 'gateway',
  component: 'gateway',
  port: 8080,
  callers: [],
  replicas: { min: 2, max: 10 },
};
export const services: Workload[] = [
  // Every service fetches identity's JWKS; tasks also calls identity's internal routes.
  {
    name: 'identity',
    component: 'identity',
    port: 7101,
    callers: ['gateway', 'tasks', 'folders', 'notifications', 'files'],
    replicas: { min: 2, max: 6 },
  },
  {
    name: 'tasks',
    component: 'tasks',
    port: 7102,
    callers: ['gateway', 'folders'],
    replicas: { min: 2, max: 6 },
  },
  { name: 'folders', component: 'folders', port: 7103, callers: ['gateway'], replicas: { min: 2, max: 6 } },
  {
    name: 'notifications',
    component: 'notifications',
    port: 7104,
    callers: ['gateway'],
    replicas: { min: 2, max: 6 },
  },
  {
    name: 'files',
    component: 'files',
    port: 7105,
    callers: ['gateway', 'tasks', 'folders'],
    replicas: { min: 2, max: 6 },
  },
];

const partOf = { 'app.kubernetes.io/part-of': 'baton' };
const labelsOf = (workload: Workload) => ({
  'app.kubernetes.io/name': workload.name,
  'app.kubernetes.io/component': workload.component,
  ...partOf,
});
const selectorOf = (name: string) => ({ 'app.kubernetes.io/name': name });
/** Every gateway may call a service, whichever environment it runs. */
const callerSelector = (component: string) => ({ 'app.kubernetes.io/component': component });

/** The keys of the ConfigMap baton-config (base and overlays); each process gets those it reads. */
export const sharedConfigKeys = [
  'NATS_URL',
  'JWT_ISSUER',
  'JWT_AUDIENCE',
  'LOG_LEVEL',
  'PUBLIC_URL',
  'BATON_ENVIRONMENT',
  'S3_BUCKET',
  'S3_REGION',
  'STORAGE_ORIGINS',
] as const;

/** Secrets are referenced, never written here: Postgres's from its operator, SMTP's and S3's by operators. */
const secretEnv = (name: string, secret: string, key: string, optional = false): IEnvVar => ({
  name,
  valueFrom: { secretKeyRef: { name: secret, key, optional } },
});

/** What the cluster gives a process, of which each gets only what its env schema reads. */
function variablesFor(component: string): IEnvVar[] {
  const reads = (key: string) => processVariables(component).includes(key);
  const all: IEnvVar[] = [
    ...sharedConfigKeys.map((key) => ({
      name: key,
      valueFrom: { configMapKeyRef: { name: 'baton-config', key } },
    })),
    // CloudNativePG writes the app role's URL into <cluster>-app; each service opens its own database there.
    secretEnv('DATABASE_URL', 'baton-db-app', 'uri'),
    secretEnv('SMTP_URL', 'baton-smtp', 'url'),
    ...services.map((s) => ({ name: `${s.name.toUpperCase()}_URL`, value: `http://${s.name}:${s.port}` })),
  ];
  return all.filter((variable) => reads(variable.name));
}

function container(workload: Workload, extra: Partial<IContainer>): IContainer {
  const probe = (path: string) => ({ httpGet: { path, port: 'http' }, periodSeconds: 10, timeoutSeconds: 3 });
  return {
    name: workload.component,
    image: `baton/${workload.component}`,
    ports: [{ name: 'http', containerPort: workload.port }],
    env: [
      { name: 'PORT', value: String(workload.port) },
      // What `extra` sets (a staging gateway's BATON_ENVIRONMENT) instead of the shared value.
      ...variablesFor(workload.component).filter((v) => !extra.env?.some((own) => own.name === v.name)),
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
  const labels = labelsOf(workload);
  return [
    new Deployment({
      metadata: { name, labels },
      spec: {
        replicas: workload.replicas.min,
        selector: { matchLabels: selectorOf(name) },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        template: {
          metadata: { labels },
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
      metadata: { name, labels },
      spec: {
        selector: selectorOf(name),
        ports: [{ name: 'http', port: workload.port, targetPort: 'http' }],
      },
    }),
    new PodDisruptionBudget({
      metadata: { name, labels },
      spec: { minAvailable: 1, selector: { matchLabels: selectorOf(name) } },
    }),
    new HorizontalPodAutoscaler({
      metadata: { name, labels },
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
      metadata: { name, labels },
      spec: {
        podSelector: { matchLabels: selectorOf(name) },
        policyTypes: ['Ingress'],
        ingress: [
          workload.component === 'gateway'
            ? // A gateway is the way in (from the ingress controller or load balancer).
              { ports: [{ port: workload.port }] }
            : {
                from: workload.callers.map((caller) => ({
                  podSelector: { matchLabels: callerSelector(caller) },
                })),
                ports: [{ port: workload.port }],
              },
        ],
      },
    }),
  ];
}

/** The release store every environment's gateways read (one bucket: a release is promoted, not copied). */
const releaseStore: IEnvVar[] = [
  { name: 'RELEASE_STORE', value: 's3://baton-releases' },
  { name: 'RELEASE_CACHE_DIR', value: '/tmp/releases' },
  // Read access to the bucket (or a workload identity instead: the keys are optional).
  secretEnv('AWS_ACCESS_KEY_ID', 'baton-release-store', 'access-key-id', true),
  secretEnv('AWS_SECRET_ACCESS_KEY', 'baton-release-store', 'secret-access-key', true),
];
const environmentsDir = '/etc/baton/environments';

/**
 * A gateway running `environment`, with the ConfigMap of each environment in its chain (itself and those
 * it extends, generated from deploy/environments/<name>/) mounted at <ENVIRONMENTS_DIR>/<name>.
 */
function gatewayResources(workload: Workload, chain: string[], env: IEnvVar[] = []) {
  return workloadResources(
    workload,
    {
      env: [
        ...env,
        { name: 'ENVIRONMENTS_DIR', value: environmentsDir },
        ...releaseStore,
        // The ingress controller's pods, in the cluster's private pod network: the client is the address
        // it appends to X-Forwarded-For. Narrow it to the cluster's pod CIDR where that is known.
        { name: 'TRUSTED_PROXIES', value: '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16' },
      ],
      volumeMounts: chain.map((name) => ({
        name: `environment-${name}`,
        mountPath: `${environmentsDir}/${name}`,
        readOnly: true,
      })),
    },
    chain.map((name) => ({ name: `environment-${name}`, configMap: { name: `baton-environment-${name}` } })),
  );
}

const validated = <T extends { validate(): void }>(objects: T[]) => {
  for (const object of objects) object.validate();
  return objects;
};

export function manifests() {
  return validated([
    // Nothing reaches a Baton pod unless a policy below lets it.
    new NetworkPolicy({
      metadata: { name: 'baton-default-deny', labels: partOf },
      spec: { podSelector: { matchLabels: partOf }, policyTypes: ['Ingress'] },
    }),
    // Production's gateway; the staging overlay adds its own environment to the chain.
    ...gatewayResources(gateway, ['production']),
    ...services.flatMap((service) =>
      workloadResources(service, {
        env:
          service.name === 'files'
            ? [
                secretEnv('AWS_ACCESS_KEY_ID', 'baton-s3', 'access-key-id', true),
                secretEnv('AWS_SECRET_ACCESS_KEY', 'baton-s3', 'secret-access-key', true),
              ]
            : [],
      }),
    ),
  ]);
}

/** The per-remote staging environments: `staging` with one remote at its team's candidate. */
export const remoteStagings = remoteNames.map((remote) => `staging-${remote}`);

/** The gateway of `staging-<remote>`: one replica, in front of the staging services. */
export function remoteStagingManifests(environment: string) {
  const workload: Workload = {
    ...gateway,
    name: `gateway-${environment.slice('staging-'.length)}`,
    replicas: { min: 1, max: 2 },
  };
  return validated(
    gatewayResources(
      workload,
      [environment, 'staging', 'production'],
      [{ name: 'BATON_ENVIRONMENT', value: environment }],
    ).filter((object) => !(object instanceof PodDisruptionBudget)),
  );
}

const remoteStagingKustomization = (
  environment: string,
) => `# ${environment}: staging with ${environment.slice('staging-'.length)} at its team's candidate release, served by
# its own gateway (gateway.yaml) in front of the staging services and database. Written by deploy/src/k8s.ts.
#
#   kubectl kustomize deploy/k8s/overlays/${environment}
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
namespace: baton-staging
resources:
  - ../staging
  - ../../../environments/${environment}
  - gateway.yaml
`;

const yamlOf = (objects: { toJSON(): unknown }[]) =>
  objects.map((object) => stringify(object.toJSON(), { lineWidth: 0 })).join('---\n');

const header = '# Written by deploy/src/k8s.ts (npx tsx deploy/src/k8s.ts): edit that, not this file.\n';

/** Every file this writes, by path, with its content. */
export function generatedFiles(): Record<string, string> {
  const files: Record<string, string> = {
    [join(repoRoot, 'deploy/k8s/base/app.yaml')]: header + yamlOf(manifests()),
  };
  for (const environment of remoteStagings) {
    const overlay = join(repoRoot, 'deploy/k8s/overlays', environment);
    files[join(overlay, 'kustomization.yaml')] = remoteStagingKustomization(environment);
    files[join(overlay, 'gateway.yaml')] = header + yamlOf(remoteStagingManifests(environment));
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [file, content] of Object.entries(generatedFiles())) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    console.log(`wrote ${file}`);
  }
}
