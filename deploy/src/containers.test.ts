import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { repoRoot } from '@baton/gateway';
import { DCLinter } from 'dclint';
import { validate } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  contextFiles,
  dockerignore,
  parseContainerfile,
  type Stage,
  workspaceClosure,
} from './containerfile';
import { serverNodeArgs } from './node-flags';
import { deploymentVariables, processEnvs, processVariables } from './processes';

/**
 * The images and the one-host compose file: no image can be built here (no registry is reachable), so the
 * files are linted with maintained parsers and held to what the processes need.
 */
const containerfile = readFileSync(join(repoRoot, 'Containerfile'), 'utf8');
const composeFile = join(repoRoot, 'deploy/compose.yaml');
const compose = parse(readFileSync(composeFile, 'utf8'), { merge: true }) as {
  services: Record<
    string,
    { environment?: Record<string, string>; command?: string[]; ports?: string[]; volumes?: string[] }
  >;
};
const entrypoints: Record<string, string> = {
  identity: 'services/identity/src/main.ts',
  tasks: 'services/tasks/src/main.ts',
  folders: 'services/folders/src/main.ts',
  notifications: 'services/notifications/src/main.ts',
  files: 'services/files/src/main.ts',
  gateway: 'gateway/src/main.ts',
};
/** The workspace folder of an entrypoint (`services/tasks/src/main.ts` -> `services/tasks`). */
const workspaceOf = (entrypoint: string) => entrypoint.replace(/\/src\/main\.ts$/, '');
const healthcheckFile = 'deploy/container/healthcheck.mjs';

describe('the Containerfile', () => {
  const file = parseContainerfile(containerfile);
  const stages = file.stages.map((s) => s.name);
  /** The instructions of a stage, by keyword, with their arguments as written. */
  const stage = (name: string) =>
    (file.stage(name)?.instructions ?? []).map((i) => ({ keyword: i.keyword, args: i.text }));
  const nodeMajor = readFileSync(join(repoRoot, '.nvmrc'), 'utf8').trim();
  /** Files of the build context that may go into an image besides workspaces. */
  const rootFiles = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json'];
  const rootFilesOfBuild = [...rootFiles, 'tsconfig.web.json'];
  /** What a chain of stages copies from the build context (COPY without --from), as written. */
  const contextSources = (chain: Stage[]) =>
    chain.flatMap((s) =>
      s.instructions
        .filter((i) => i.keyword === 'COPY' && !i.flags.from)
        .flatMap((i) => i.args.slice(0, -1).map((source) => source.replace(/\/$/, ''))),
    );
  /** The stages a target's chain copies from (COPY --from), with the stages they copy from in turn. */
  const copiedStages = (name: string): string[] =>
    file
      .chain(name)
      .flatMap((s) => s.instructions.filter((i) => i.keyword === 'COPY' && i.flags.from))
      .flatMap((i) => [i.flags.from ?? '', ...copiedStages(i.flags.from ?? '')]);

  it('passes the Dockerfile linter (dockerfile-utils) without a diagnostic', () => {
    expect(validate(containerfile)).toEqual([]);
  });

  it(`starts every stage from node:${nodeMajor}-slim, the Node of the repository (.nvmrc, engines)`, () => {
    const engines = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).engines.node as string;
    expect(engines).toMatch(new RegExp(`^>=${nodeMajor}\\b`));
    expect(file.args.NODE_IMAGE).toBe(`node:${nodeMajor}-slim`);
    for (const name of stages) expect(file.baseImage(name), name).toBe(`node:${nodeMajor}-slim`);
  });

  it('runs every image as a non-root user with a health check on /healthz', () => {
    for (const name of Object.keys(entrypoints)) {
      const chain = file.chain(name).flatMap((s) => s.instructions);
      const user = chain.filter((i) => i.keyword === 'USER').at(-1)?.args[0] ?? 'root';
      // The last USER of the target's own stages: nothing runs as root after it.
      expect(user.split(':')[0], name).not.toMatch(/^(root|0|)$/);
      expect(user.split(':')[0], name).toMatch(/^(node|[1-9]\d*)$/);
      const healthcheck = chain.filter((i) => i.keyword === 'HEALTHCHECK').at(-1);
      expect(healthcheck?.text, name).toContain('deploy/container/healthcheck.mjs');
    }
    expect(readFileSync(join(repoRoot, 'deploy/container/healthcheck.mjs'), 'utf8')).toContain('/healthz');
  });

  it("has one target per service and the gateway, each starting its own entrypoint with the servers' node flags", () => {
    for (const [name, entrypoint] of Object.entries(entrypoints)) {
      expect(stages, name).toContain(name);
      const cmd = stage(name).find((i) => i.keyword === 'CMD');
      expect(JSON.parse(cmd?.args ?? '[]'), name).toEqual(['node', ...serverNodeArgs(entrypoint)]);
      expect(existsSync(join(repoRoot, entrypoint)), entrypoint).toBe(true);
    }
  });

  it("gives npm start and each server workspace's start script the same node flags as the images", () => {
    const startScript = (dir: string) =>
      JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')).scripts.start as string;
    expect(startScript('.')).toBe(['node', ...serverNodeArgs('deploy/src/start.ts')].join(' '));
    expect(startScript('deploy')).toBe(['node', ...serverNodeArgs('src/start.ts')].join(' '));
    for (const entrypoint of Object.values(entrypoints))
      expect(startScript(workspaceOf(entrypoint)), entrypoint).toBe(
        ['node', ...serverNodeArgs('src/main.ts')].join(' '),
      );
  });

  it('builds every image in stages: its production dependencies installed for its own workspace alone', () => {
    for (const [name, entrypoint] of Object.entries(entrypoints)) {
      const workspace = workspaceOf(entrypoint);
      const closure = workspaceClosure(workspace);
      // The target copies its installed dependencies from another stage of this file.
      const deps = copiedStages(name)
        .map((s) => file.stage(s))
        .find((s) => s?.instructions.some((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.text)));
      expect(deps, `${name}: no stage installing its dependencies`).toBeDefined();
      const install = deps?.instructions.find((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.text));
      // Production dependencies of this workspace only, and tsx from the root (it runs the sources).
      expect(install?.text, name).toMatch(/npm ci --omit=dev\b/);
      expect(install?.text, name).toContain('--include-workspace-root');
      expect(install?.text.match(/(?:-w|--workspace)[ =](\S+)/g), name).toEqual([`-w ${workspace}`]);
      // Nothing but the manifests of its workspaces and the lockfile is present when it installs.
      expect(contextSources(file.chain(deps?.name ?? '')).sort(), name).toEqual(
        ['package.json', 'package-lock.json', ...closure.map((dir) => `${dir}/package.json`)].sort(),
      );
      const rootDependencies = Object.keys(
        JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).dependencies ?? {},
      );
      expect(rootDependencies, 'the root has no production dependency but tsx').toEqual(['tsx']);
    }
  });

  it("copies into each image only its own workspaces' sources (and the gateway the built shell)", () => {
    for (const [name, entrypoint] of Object.entries(entrypoints)) {
      const closure = workspaceClosure(workspaceOf(entrypoint));
      const sources = contextSources(file.chain(name));
      expect(
        sources.filter((source) => !rootFiles.includes(source) && source !== healthcheckFile).sort(),
        name,
      ).toEqual(closure);
      // Whole-context copies would take every area in.
      expect(sources, name).not.toContain('.');
      // And what those folders hold in the build context: no tests, nothing built, no local data.
      const files = closure.flatMap((dir) => contextFiles(dir));
      expect(files.length, name).toBeGreaterThan(0);
      expect(
        files.filter((path) => /\.test\.|\/testing\.tsx?$|\/dist\/|\/\.data\/|\/node_modules\//.test(path)),
        name,
      ).toEqual([]);
      const others = copiedStages(name).filter(
        (s) => !file.stage(s)?.instructions.some((i) => /\bnpm ci --omit=dev\b/.test(i.text)),
      );
      expect(others, name).toEqual(name === 'gateway' ? ['shell-build'] : []);
    }
    // The gateway serves the shell it was built with: built in a stage of its own from the shell's workspaces,
    // of which only the build output is copied. No remote and no release is in any image.
    const shellCopy = file
      .stage('gateway')
      ?.instructions.find((i) => i.keyword === 'COPY' && i.flags.from === 'shell-build');
    expect(shellCopy?.args.slice(0, -1)).toEqual(['/app/shell/dist']);
    const build = file.chain('shell-build');
    expect(build.flatMap((s) => s.instructions).some((i) => /npm run build -w shell$/.test(i.text))).toBe(
      true,
    );
    const buildSources = contextSources(build).filter((source) => !rootFilesOfBuild.includes(source));
    const shellClosure = workspaceClosure('shell', { dev: true });
    expect([...new Set(buildSources.map((source) => source.replace(/\/package\.json$/, '')))].sort()).toEqual(
      shellClosure,
    );
    expect(containerfile).not.toMatch(/deploy\/releases|mf-(tasks|settings|folders|notifications)/);
  });

  it('keeps dependencies, local data, tests, other areas and builds out of the build context', () => {
    const { ignored } = dockerignore();
    const out = [
      '.git/HEAD',
      'node_modules/tsx/package.json',
      'services/tasks/node_modules/x/index.js',
      '.data/postgres/PG_VERSION',
      'services/files/.data/files/upload',
      'services/identity/src/app.test.ts',
      'shell/src/app/App.test.tsx',
      'services/tasks/src/testing.ts',
      'services/identity/vitest.config.mts',
      'e2e/src/start.e2e.test.ts',
      'e2e/package.json',
      'bench/src/harness.ts',
      'packages/test-kit/src/index.ts',
      'shell/dist/index.html',
      'mf-tasks/dist/mf-manifest.json',
      'mf-tasks/src/index.ts',
      'deploy/releases/mf-tasks/0123456789ab/remoteEntry.js',
      'deploy/environments/production.json',
      'deploy/src/start.ts',
      '.env',
    ];
    const kept = [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'services/identity/src/app.ts',
      'services/identity/package.json',
      'gateway/src/main.ts',
      'shell/src/app/App.tsx',
      'packages/service-kit/src/index.ts',
      healthcheckFile,
    ];
    expect(out.filter((path) => !ignored(path))).toEqual([]);
    expect(kept.filter((path) => ignored(path))).toEqual([]);
    // Every file a COPY names is in the build context.
    for (const { instructions } of file.stages)
      for (const i of instructions.filter((i) => i.keyword === 'COPY' && !i.flags.from))
        for (const source of i.args.slice(0, -1))
          expect(ignored(source.replace(/\/$/, '')), `COPY ${source}`).toBe(false);
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

  it('gives every process only variables it reads (no database or SMTP for the gateway)', () => {
    for (const name of Object.keys(processEnvs)) {
      const services = name === 'gateway' ? ['gateway-a', 'gateway-b'] : [name];
      for (const service of services) {
        const given = Object.keys(compose.services[service]?.environment ?? {});
        expect(
          given.filter((key) => !processVariables(name).includes(key)),
          service,
        ).toEqual([]);
      }
    }
    for (const gateway of ['gateway-a', 'gateway-b'])
      expect(Object.keys(compose.services[gateway]?.environment ?? {})).not.toEqual(
        expect.arrayContaining(['DATABASE_URL']),
      );
    // Only the services that send mail read SMTP_URL.
    const mailing = Object.keys(processEnvs).filter((name) => processVariables(name).includes('SMTP_URL'));
    expect(mailing.sort()).toEqual(['identity', 'notifications', 'tasks']);
  });

  it('mounts no release into a gateway (the release store is a volume or a bucket)', () => {
    for (const gateway of ['gateway-a', 'gateway-b']) {
      const volumes = compose.services[gateway]?.volumes ?? [];
      expect(
        volumes.filter((volume) => volume.includes('deploy/releases') || volume.startsWith('./releases')),
      ).toEqual([]);
    }
  });
});
