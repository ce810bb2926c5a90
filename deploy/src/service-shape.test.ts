import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { repoRoot } from '@baton/gateway';
import { describe, expect, it } from 'vitest';

/**
 * The one shape of a service (README "Conventions"), checked over the repository's own files, so the next
 * service or route copies it rather than one of the old ways.
 */
const tracked = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'],
  { cwd: repoRoot, encoding: 'utf8' },
)
  .split('\n')
  .filter((file) => file && existsSync(join(repoRoot, file)));

/** Test files, test helpers and fixtures: free to build requests by hand. */
const isTestCode = (file: string) =>
  /\.test\.tsx?$|\.child\.ts$|(^|\/)testing(\.tsx?|\/)|^e2e\/|^bench\//.test(file);

const production = tracked.filter((file) => !isTestCode(file));
const serviceFiles = production.filter((file) => /^services\/[^/]+\/src\//.test(file));
const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');

/**
 * Every quoted or template string of `file` that starts like an address path ("/api/…"): a quote, then a
 * slash and a name. (TypeScript 7 has no JavaScript API to walk the syntax tree; the quotes are enough.)
 */
const pathsIn = (text: string) =>
  [...text.matchAll(/(['"`])(\/[a-z_.][\w.-]*(\/|\1|\$\{))/gi)].map(([, quote, path]) => `${quote}${path}`);
/** The code of a file without its comments (doc comments name routes in backticks). */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
const pathLiterals = (file: string) => pathsIn(withoutComments(read(file)));

const offenders = (files: string[], pattern: RegExp) => files.filter((file) => pattern.test(read(file)));

describe('one shape for every service', () => {
  it('found the services', () => {
    const services = new Set(serviceFiles.map((file) => file.split('/')[1]));
    expect([...services].sort()).toEqual(['files', 'folders', 'identity', 'notifications', 'tasks']);
  });

  it('no service writes an address: each route it serves comes from the route table', () => {
    const literals = serviceFiles.flatMap((file) => pathLiterals(file).map((path) => `${file}: ${path}`));
    expect(literals).toEqual([]);
  });

  it('SQL lives only in repositories (and migrations)', () => {
    const sqlFiles = serviceFiles.filter(
      (file) => !file.endsWith('.repository.ts') && !file.endsWith('/db/migrations.ts'),
    );
    expect(
      offenders(sqlFiles, /\.(selectFrom|insertInto|updateTable|deleteFrom|transaction)\(|\bsql[`<]/),
    ).toEqual([]);
  });

  it('each route group sits in routes/<resource>/<resource>.routes.ts', () => {
    const routeFiles = serviceFiles.filter((file) => file.endsWith('.routes.ts'));
    const misplaced = routeFiles.filter(
      (file) =>
        !/\/src\/routes\/[^/]+\//.test(file) || basename(file) !== `${basename(dirname(file))}.routes.ts`,
    );
    expect(routeFiles.length).toBeGreaterThan(5);
    expect(misplaced).toEqual([]);
  });

  it('routes are bound to the contract (mount), not to a method and path by hand', () => {
    expect(offenders(serviceFiles, /\bapp\.(get|post|put|delete|patch|on|all)\(/)).toEqual([]);
  });

  it('writes wake the relay through core.write; consumers are handler maps, not chains on event.type', () => {
    expect(offenders(serviceFiles, /afterOutboxWrite|event\.type\s*===|switch \(event\.type\)/)).toEqual([]);
  });

  it('no double cast outside tests', () => {
    expect(offenders(production, /\bas unknown as\b/)).toEqual([]);
  });

  it('the checks catch what they guard', () => {
    // A literal route and SQL outside a repository, as the old route files had them.
    const sample = "app.post('/api/folders/', auth, async (c) => db.selectFrom('folders'))";
    expect(/\bapp\.(get|post|put|delete|patch|on|all)\(/.test(sample)).toBe(true);
    expect(/\.(selectFrom|insertInto|updateTable|deleteFrom|transaction)\(/.test(sample)).toBe(true);
    expect(
      pathsIn(withoutComments("mount('/api/folders/'); new URL(`/.well-known/jwks.json`); '/x' + \"/tmp/\"")),
    ).toEqual(["'/api/", '`/.well-known/', "'/x'", '"/tmp/']);
    expect(pathsIn(withoutComments("// `/ws/tasks/`\n/** `/api/x/` */ fetch('http://h/a')"))).toEqual([]);
    expect(pathsIn("a / b; 'http://x/y'; /^\\/api/.test(p)")).toEqual([]);
  });
});
