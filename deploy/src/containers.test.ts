import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { repoRoot } from '@baton/gateway';
import { DCLinter } from 'dclint';
import { DockerfileParser } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { deploymentVariables, processEnvs } from './processes';

/**
 * The images and the one-host compose file: no image can be built here (no registry is reachable), so the
 * files are linted with maintained parsers and held to what the processes need.
 */
const containerfile = readFileSync(join(repoRoot, 'Containerfile'), 'utf8');
const composeFile = join(repoRoot, 'deploy/compose.yaml');
const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string>; command?: string[]; ports?: string[] }>;
};
const entrypoints: Record<string, string> = {
  identity: 'services/identity/src/main.ts',
  tasks: 'services/tasks/src/main.ts',
  folders: 'services/folders/src/main.ts',
  notifications: 'services/notifications/src/main.ts',
  files: 'services/files/src/main.ts',
  gateway: 'gateway/src/main.ts',
};

describe('the Containerfile', () => {
  const dockerfile = DockerfileParser.parse(containerfile);
  const stages = dockerfile.getFROMs().map((from) => from.getBuildStage());
  /** The instructions of a stage, by keyword, with their arguments. */
  const stage = (name: string) => {
    const froms = dockerfile.getFROMs();
    const index = froms.findIndex((from) => from.getBuildStage() === name);
    const start = froms[index]?.getRange().start.line ?? -1;
    const end = froms[index + 1]?.getRange().start.line ?? Number.POSITIVE_INFINITY;
    return dockerfile
      .getInstructions()
      .filter((i) => i.getRange().start.line > start && i.getRange().start.line < end)
      .map((i) => ({ keyword: i.getKeyword(), args: i.getArgumentsContent() ?? '' }));
  };

  it('passes the Dockerfile linter (dockerfile-utils) without a diagnostic', () => {
    expect(validate(containerfile)).toEqual([]);
  });

  it('builds in stages, and runs every image as a non-root user with a health check on /healthz', () => {
    expect(stages).toEqual(expect.arrayContaining(['build', 'server-deps', 'runtime']));
    const runtime = stage('runtime');
    const user = runtime.find((i) => i.keyword === 'USER');
    expect(user?.args).toBe('node');
    const healthcheck = runtime.find((i) => i.keyword === 'HEALTHCHECK');
    expect(healthcheck?.args).toContain('deploy/container/healthcheck.mjs');
    expect(readFileSync(join(repoRoot, 'deploy/container/healthcheck.mjs'), 'utf8')).toContain('/healthz');
    // Dependencies only for running: no dev dependencies, no front-end toolchain in the runtime image.
    expect(stage('server-deps').find((i) => i.keyword === 'RUN')?.args).toMatch(/npm ci --omit=dev/);
  });

  it('has one target per service and the gateway, each starting its own entrypoint', () => {
    for (const [name, entrypoint] of Object.entries(entrypoints)) {
      expect(stages, name).toContain(name);
      const cmd = stage(name).find((i) => i.keyword === 'CMD');
      expect(JSON.parse(cmd?.args ?? '[]'), name).toEqual(['node', '--import', 'tsx', entrypoint]);
      expect(existsSync(join(repoRoot, entrypoint)), entrypoint).toBe(true);
    }
    expect(stage('gateway').find((i) => i.keyword === 'COPY')?.args).toContain('/app/shell/dist');
  });

  it('keeps dependencies, builds and local data out of the build context', () => {
    const ignored = readFileSync(join(repoRoot, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '**/.data', '.git']));
  });

  it('the health check passes on a healthy process and fails otherwise', async () => {
    let healthy = true;
    const server = createServer((req, res) => {
      res.writeHead(req.url === '/healthz' && healthy ? 200 : 503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = String((server.address() as { port: number }).port);
    const check = () => healthcheck(port);
    try {
      expect(await check()).toBe(0);
      healthy = false;
      expect(await check()).toBe(1);
    } finally {
      server.close();
    }
  });
});

/** Runs the images' health check script against 127.0.0.1:`port`; resolves with its exit code. */
function healthcheck(port: string) {
  return new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'deploy/container/healthcheck.mjs')], {
      env: { ...process.env, PORT: port },
    });
    child.on('exit', resolve);
  });
}

describe('the compose file', () => {
  it('passes the compose linter (dclint) and its schema', () => {
    const linter = new DCLinter({
      // Anchors must come before the services that use them, so the top level cannot be in dclint's order.
      rules: { 'top-level-properties-order': 0 },
      quiet: false,
      debug: false,
      exclude: [],
    });
    const problems = linter.lintFiles([composeFile], false).flatMap((result) => result.messages);
    expect(problems).toEqual([]);
  });

  it('runs Postgres, NATS with JetStream, every service and two gateways', () => {
    const names = Object.keys(compose.services);
    expect(names).toEqual(
      expect.arrayContaining([
        'postgres',
        'nats',
        ...Object.keys(entrypoints).filter((n) => n !== 'gateway'),
      ]),
    );
    expect(names.filter((name) => name.startsWith('gateway'))).toHaveLength(2);
    expect(compose.services.nats?.command).toContain('--jetstream');
  });

  it('gives every process each variable it needs on more than one machine', () => {
    for (const [name, schema] of Object.entries(processEnvs)) {
      const services = name === 'gateway' ? ['gateway-a', 'gateway-b'] : [name];
      for (const service of services) {
        const given = Object.keys(compose.services[service]?.environment ?? {});
        expect(
          deploymentVariables(schema).filter((key) => !given.includes(key)),
          service,
        ).toEqual([]);
      }
    }
  });
});
