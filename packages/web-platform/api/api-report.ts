import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import semver from 'semver';

/**
 * The checked-in API report of the shell/remote contract: everything `@baton/web-platform` exports (the
 * package's "." entry, the module shared at run time), the remote views' props among it.
 *
 * Made in two steps: the TypeScript compiler of the repository (7, native) writes the declarations of
 * src/index.ts, and API Extractor (with the TypeScript 6 it bundles: TypeScript 7 has no compiler API) reads
 * them and writes its report. The report's `// @public` and `(undocumented)` markers are dropped (this package
 * has no release tags, and editing a comment does not change the contract).
 *
 * Versions (semver, with 0.x read as npm's `^` reads it, which is how remotes require this package):
 * - breaking (an export removed or changed, or any change to the remote views: `RemoteViews` and what it
 *   names): the next major, or the next minor while 0.x (0.2.0 → 0.3.0). Remotes built before it (`^0.2.0`)
 *   are then refused by a shell that offers it, and show their area's fallback.
 * - additive (only new exports, or optional members added to an existing interface): the next minor, or the
 *   next patch while 0.x (0.2.0 → 0.2.1); a bigger bump is refused, as it would cut off every deployed remote
 *   for a change they can run with.
 * - none: any version from the recorded one on (a bump for a change of behaviour the report cannot see).
 */

export const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const reportPath = join(packageDir, 'api/web-platform.api.md');
export const reportCommand = 'npm run api-report -w @baton/web-platform';
const packageJsonPath = join(packageDir, 'package.json');

export const packageVersion = () =>
  (JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version: string }).version;

/** The repository's `tsc` (TypeScript 7). */
function tscBin() {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve('typescript/package.json');
  const { bin } = JSON.parse(readFileSync(pkgFile, 'utf8')) as { bin: { tsc: string } };
  return join(dirname(pkgFile), bin.tsc);
}

/**
 * The contract as the sources in `srcDir` declare it: API Extractor's report body (the TypeScript inside its
 * fence), without the markers. Throws with the compiler's or API Extractor's errors.
 */
export function generateApi(srcDir = join(packageDir, 'src')): string {
  // Inside the package, so the declarations resolve react, @reduxjs/toolkit, … as the sources do.
  const scratch = join(packageDir, '.api-report');
  mkdirSync(scratch, { recursive: true });
  const work = mkdtempSync(join(scratch, 'run-'));
  try {
    const dts = join(work, 'dts');
    const tsconfig = join(work, 'tsconfig.json');
    writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: join(packageDir, '../../tsconfig.web.json'),
        compilerOptions: {
          noEmit: false,
          declaration: true,
          emitDeclarationOnly: true,
          rootDir: srcDir,
          outDir: dts,
        },
        files: [join(srcDir, 'index.ts')],
      }),
    );
    const tsc = spawnSync(process.execPath, [tscBin(), '-p', tsconfig], { encoding: 'utf8' });
    if (tsc.status !== 0)
      throw new Error(`declarations of ${srcDir} failed (tsc):\n${tsc.stdout}\n${tsc.stderr}`);

    const entry = join(dts, 'index.d.ts');
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: packageDir,
        mainEntryPointFilePath: entry,
        compiler: {
          overrideTsconfig: {
            compilerOptions: {
              target: 'ES2023',
              lib: ['ES2023', 'DOM', 'DOM.Iterable'],
              module: 'ESNext',
              moduleResolution: 'Bundler',
              jsx: 'react-jsx',
              strict: true,
              skipLibCheck: true,
              types: [],
            },
            files: [entry],
          },
        },
        apiReport: {
          enabled: true,
          reportFileName: 'web-platform',
          reportFolder: work,
          reportTempFolder: work,
          // Types the exports use without exporting them are part of the contract all the same.
          includeForgottenExports: true,
        },
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        newlineKind: 'lf',
        messages: {
          compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
          extractorMessageReporting: {
            default: { logLevel: ExtractorLogLevel.Error },
            'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
            'ae-undocumented': { logLevel: ExtractorLogLevel.None },
            'ae-forgotten-export': { logLevel: ExtractorLogLevel.None },
            // @reduxjs/toolkit ships one .ts beside its declarations.
            'ae-wrong-input-file-type': { logLevel: ExtractorLogLevel.None },
          },
          tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
        },
      },
      configObjectFullPath: undefined,
      packageJsonFullPath: packageJsonPath,
    });
    const errors: string[] = [];
    const result = Extractor.invoke(config, {
      localBuild: true,
      messageCallback: (message) => {
        if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning)
          errors.push(message.formatMessageWithLocation(work));
        message.handled = true;
      },
    });
    if (!result.succeeded || errors.length > 0)
      throw new Error(`API Extractor failed on ${srcDir}:\n${errors.join('\n')}`);
    return bodyOf(readFileSync(join(work, 'web-platform.api.md'), 'utf8'));
  } finally {
    rmSync(work, { recursive: true, force: true });
    try {
      rmdirSync(scratch);
    } catch {
      // another run is still using it
    }
  }
}

const marker =
  /^\s*\/\/ (@public|\(undocumented\)|@public \(undocumented\)|Warning: \(ae-[\w-]+\).*|\(No @packageDocumentation comment for this package\))$/;

/** The TypeScript inside a report's ```ts fence, without API Extractor's markers. */
export function bodyOf(report: string) {
  const start = report.indexOf('```ts\n');
  const end = report.lastIndexOf('\n```');
  if (start < 0 || end < start) throw new Error('not an API report: no ```ts block');
  return report
    .slice(start + '```ts\n'.length, end)
    .split('\n')
    .filter((line) => !marker.test(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The report file: the contract's version, how it is made and checked, and the API. */
export function formatReport(version: string, body: string) {
  return `# API report: @baton/web-platform, the shell/remote contract

Contract version: ${version}

Generated by \`${reportCommand}\` (API Extractor on the TypeScript compiler's declarations of
src/index.ts, the package's entry that the shell shares with the remotes). Do not edit: \`src/api-report.test.ts\`
fails when this differs from the source, saying which version the change needs. Breaking (an export removed or
changed, or any change to the remote views: \`RemoteViews\` and the props it names) → the next minor while 0.x,
the next major from 1.0; only additions → the next patch while 0.x, the next minor from 1.0. Remotes require \`^\`
the version they were built with, so a shell offering a breaking version shows older remotes' fallback.

\`\`\`ts
${body}
\`\`\`
`;
}

export function parseReport(text: string) {
  const version = /^Contract version: (\S+)$/m.exec(text)?.[1];
  if (!version || !semver.valid(version)) throw new Error(`${reportPath}: no "Contract version: x.y.z" line`);
  return { version, body: bodyOf(text) };
}

const declared =
  /^(?:export\s+)?(?:declare\s+)?(?:default\s+)?(?:abstract\s+)?(?:function|const|let|var|class|interface|type|enum|namespace)\s+([\w$]+)/;

const importLine =
  /^import (?:type )?(?:\{ ([\w$]+)(?: as ([\w$]+))? \}|\* as ([\w$]+)|([\w$]+)) from '([^']+)';$/;

/**
 * What each name the report imports stands for (`BaseQueryFn_2` → `import('@reduxjs/toolkit/query/react').BaseQueryFn`):
 * API Extractor numbers names that collide, and a new import elsewhere must not make a declaration look changed.
 */
function importedNames(body: string) {
  const names = new Map<string, string>();
  for (const line of body.split('\n')) {
    const [, named, alias, namespace, defaulted, from] = importLine.exec(line) ?? [];
    if (named) names.set(alias ?? named, `import('${from}').${named}`);
    else if (namespace) names.set(namespace, `import('${from}')`);
    else if (defaulted) names.set(defaulted, `import('${from}').default`);
  }
  return names;
}

/** The report's top-level declarations by name (overloads together), imported names spelled out; imports left out. */
export function declarationsOf(body: string) {
  const imported = importedNames(body);
  const spelledOut = (text: string) =>
    imported.size === 0
      ? text
      : text.replace(/(?<![\w$.'"`])[A-Za-z_$][\w$]*(?![\w$'"`])/g, (word) => imported.get(word) ?? word);
  const declarations = new Map<string, string>();
  for (const chunk of body.split(/\n\s*\n/)) {
    const lines = chunk.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0 || lines.every((line) => line.startsWith('import '))) continue;
    const name = lines.map((line) => declared.exec(line)?.[1]).find(Boolean) ?? chunk.trim();
    const text = spelledOut(chunk.trim());
    const previous = declarations.get(name);
    declarations.set(name, previous ? `${previous}\n${text}` : text);
  }
  return declarations;
}

/** `RemoteViews` and every declaration it names, directly or through another: the remote views' props. */
export function viewDeclarations(declarations: Map<string, string>) {
  const views = new Set<string>();
  const visit = (name: string) => {
    const text = declarations.get(name);
    if (!text || views.has(name)) return;
    views.add(name);
    for (const word of text.match(/[A-Za-z_$][\w$]*/g) ?? []) if (word !== name) visit(word);
  };
  visit('RemoteViews');
  return views;
}

const optionalMember = /^\s+(?:readonly\s+)?(?:[\w$]+|'[^']*'|"[^"]*")\?(?::|\()/;

/** True when `after` is `before` with only optional members (one line each) added. */
function onlyOptionalMembersAdded(before: string, after: string) {
  const old = before.split('\n');
  let i = 0;
  for (const line of after.split('\n')) {
    if (i < old.length && line === old[i]) i += 1;
    else if (!optionalMember.test(line)) return false;
  }
  return i === old.length;
}

export type ChangeLevel = 'none' | 'additive' | 'breaking';

export interface ContractDiff {
  level: ChangeLevel;
  removed: string[];
  /** Changed in a way older remotes (or an older shell) cannot rely on. */
  changed: string[];
  /** New exports. */
  added: string[];
  /** Existing declarations with only optional members added (not the remote views). */
  extended: string[];
}

/** What changed between two report bodies, and how much that is in semver terms. */
export function compareApis(before: string, after: string): ContractDiff {
  const old = declarationsOf(before);
  const now = declarationsOf(after);
  const views = new Set([...viewDeclarations(old), ...viewDeclarations(now)]);
  const removed = [...old.keys()].filter((name) => !now.has(name));
  const changed: string[] = [];
  const added = [...now.keys()].filter((name) => !old.has(name));
  const extended: string[] = [];
  for (const [name, text] of now) {
    const was = old.get(name);
    if (was === undefined || was === text) continue;
    if (!views.has(name) && onlyOptionalMembersAdded(was, text)) extended.push(name);
    else changed.push(name);
  }
  const level: ChangeLevel =
    removed.length + changed.length > 0
      ? 'breaking'
      : added.length + extended.length > 0
        ? 'additive'
        : 'none';
  const sorted = (names: string[]) => names.sort((a, b) => a.localeCompare(b));
  return {
    level,
    removed: sorted(removed),
    changed: sorted(changed),
    added: sorted(added),
    extended: sorted(extended),
  };
}

/** The smallest version that a change of `level` needs after `recorded` (0.x: breaking → minor, additive → patch). */
export function nextVersion(recorded: string, level: Exclude<ChangeLevel, 'none'>) {
  const zero = semver.major(recorded) === 0;
  const release = level === 'breaking' ? (zero ? 'minor' : 'major') : zero ? 'patch' : 'minor';
  return semver.inc(recorded, release) as string;
}

/**
 * Whether `version` is bumped by the right size from `recorded` for `level`: breaking → at least
 * `nextVersion` (outside `^recorded`); additive → at least `nextVersion` and still inside `^recorded`; none →
 * not below `recorded`. Undefined when it is, else the sentence saying what to do.
 */
export function versionProblem(recorded: string, version: string, diff: ContractDiff) {
  const what = describe(diff);
  if (diff.level === 'none')
    return semver.gte(version, recorded)
      ? undefined
      : `@baton/web-platform is ${version}, below the version its API report records (${recorded}).`;
  const needed = nextVersion(recorded, diff.level);
  const kind =
    diff.level === 'breaking'
      ? `a breaking change (${semver.major(recorded) === 0 ? 'the next minor while 0.x' : 'the next major'})`
      : `an additive change (${semver.major(recorded) === 0 ? 'the next patch while 0.x' : 'the next minor'})`;
  if (semver.lt(version, needed))
    return `The contract changed since ${recorded} without the version bump it needs: ${what}. That is ${kind}: set "version": "${needed}" in packages/web-platform/package.json (it is ${version}), then run ${reportCommand}.`;
  if (diff.level === 'additive' && !semver.satisfies(version, `^${recorded}`))
    return `The contract changed since ${recorded} only by additions (${what}), but @baton/web-platform went to ${version}, which every remote built for ^${recorded} refuses: use ${needed}.`;
  return undefined;
}

function describe(diff: ContractDiff) {
  const parts = [
    diff.removed.length > 0 ? `removed ${diff.removed.join(', ')}` : '',
    diff.changed.length > 0 ? `changed ${diff.changed.join(', ')}` : '',
    diff.added.length > 0 ? `added ${diff.added.join(', ')}` : '',
    diff.extended.length > 0 ? `optional members added to ${diff.extended.join(', ')}` : '',
  ];
  return parts.filter(Boolean).join('; ');
}

/**
 * The checked-in report against the source: what is wrong, in sentences (empty when nothing is). `api` is the
 * source's API (generateApi()), passed in so a caller can check a changed one.
 */
export function checkReport(reportText: string, api: string, version: string) {
  const recorded = parseReport(reportText);
  const diff = compareApis(recorded.body, api);
  const problems: string[] = [];
  const bump = versionProblem(recorded.version, version, diff);
  if (bump) problems.push(bump);
  else if (recorded.body !== api)
    problems.push(
      `The API report is out of date (${describe(diff)}; ${version} is the right version for it): run ${reportCommand} and commit ${reportPath.slice(packageDir.length + 1)}.`,
    );
  return { diff, problems };
}

/** `npm run api-report`: writes the report for the package's version, unless the version is wrong for the change. */
function main() {
  const version = packageVersion();
  const api = generateApi();
  let current: string | undefined;
  try {
    current = readFileSync(reportPath, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== undefined) {
    const recorded = parseReport(current);
    if (recorded.body === api) {
      console.log(`${reportPath}: the contract is unchanged since ${recorded.version}.`);
      return;
    }
    const problem = versionProblem(recorded.version, version, compareApis(recorded.body, api));
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
  }
  writeFileSync(reportPath, formatReport(version, api));
  console.log(`${reportPath}: written for @baton/web-platform ${version}.`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
