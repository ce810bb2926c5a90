import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTypes, apiTypesFile } from './api-types';
import { errorBody } from './errors';
import { errorStatusesOf, openApiDocument } from './openapi';
import { routes } from './routes';

const run = promisify(execFile);
const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
const config = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

describe('/openapi.json under `redocly lint` with the checked-in redocly.yaml', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'baton-openapi-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** What the Redocly CLI reports on `doc` (its exit code says the same as the totals). */
  const lint = async (doc: unknown): Promise<LintReport> => {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, JSON.stringify(doc));
    const args = [redocly, 'lint', file, '--config', config, '--format', 'json', '--max-problems', '1000'];
    const answer = await run(process.execPath, args).catch((error: { stdout: string }) => error);
    return JSON.parse(answer.stdout) as LintReport;
  };

  it('reports no error and no warning', { timeout: 60_000 }, async () => {
    const report = await lint(openApiDocument());
    expect(report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('sees what the recommended rules ask for (an operation without operationId or 4xx answer)', {
    timeout: 60_000,
  }, async () => {
    const doc = openApiDocument();
    const login = doc.paths[routes.login.path]?.post as { operationId?: string; responses: object };
    delete login.operationId;
    login.responses = { 200: { description: 'Success' } };
    const report = await lint(doc);
    expect(report.problems.map((p) => p.ruleId).sort()).toEqual([
      'operation-4xx-response',
      'operation-operationId',
    ]);
  });
});

describe('openApiDocument', () => {
  const doc = openApiDocument();
  type Operation = { operationId: string; responses: Record<string, { $ref?: string }> };
  const operationOf = (name: keyof typeof routes) => {
    const r = routes[name];
    return doc.paths[r.path]?.[r.method.toLowerCase()] as Operation;
  };

  it('names every operation after its key in the route table', () => {
    for (const name of Object.keys(routes) as (keyof typeof routes)[])
      expect(operationOf(name).operationId).toBe(name);
  });

  it('documents every error answer with the shared error body', () => {
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['code', 'error', 'message']),
    });
    for (const response of Object.values(doc.components.responses))
      expect(response).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      });
    // The shared body is the one the services send (parsed by the same schema).
    expect(Object.keys(doc.components.schemas.Error.properties ?? {}).sort()).toEqual(
      Object.keys(errorBody.shape).sort(),
    );
  });

  it('derives error answers from the contract, plus those a route declares', () => {
    const refs = (name: keyof typeof routes) =>
      Object.fromEntries(
        Object.entries(operationOf(name).responses).map(([status, r]) => [status, r.$ref ?? 'inline']),
      );
    // Signed in, no input: only a refused token and an absent service.
    expect(Object.keys(refs('tokenCheck'))).toEqual(['200', '401', '503', 'default']);
    // A public JSON body with a rate limit and its own 401 (wrong password).
    expect(errorStatusesOf(routes.login)).toEqual([400, 401, 413, 415, 429, 503]);
    // A path naming a task, and the rules of who may act on it.
    expect(errorStatusesOf(routes.nudgeTask)).toEqual([400, 401, 403, 404, 409, 429, 503]);
    expect(refs('getTask')).toMatchObject({
      404: '#/components/responses/NotFound',
      401: '#/components/responses/Unauthorized',
    });
  });

  it('says how to authenticate, where the server is, and under which licence', () => {
    expect(doc.info.description).toContain('Authorization: Bearer');
    expect(doc.info.description).toContain(`POST ${routes.login.path}`);
    expect(doc.info.description).toContain(`POST ${routes.tokenRefresh.path}`);
    expect(doc.info.description).toContain("['jwt', access]");
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(doc.info.license.url).toBe('/terms');
    expect(doc.tags.map((t) => t.name).sort()).toEqual(
      [...new Set(Object.values(routes).map((r) => r.service))].sort(),
    );
  });
});

describe('generated/api.d.ts', () => {
  it('equals a fresh generation from the document (run `npm run api-types -w @baton/contracts`)', {
    timeout: 60_000,
  }, async () => {
    expect(await readFile(apiTypesFile, 'utf8')).toBe(await apiTypes());
  });
});
