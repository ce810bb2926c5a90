import { readdirSync, readFileSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import { repoRoot } from '@baton/gateway';
import { DockerfileParser, ModifiableInstruction } from 'dockerfile-ast';

/**
 * The Containerfile read as stages of instructions, the build context as `.dockerignore` leaves it, and the
 * workspaces each image must hold: what `containers.test.ts` checks and `image-sizes.ts` builds from.
 */
export interface Instruction {
  keyword: string;
  /** `--name=value` flags (`--from`, `--mount`, `--chown`). */
  flags: Record<string, string>;
  /** The arguments as the parser splits them (line continuations joined). */
  args: string[];
  /** The arguments as written. */
  text: string;
}

export interface Stage {
  name: string;
  /** A stage of this file, or an image (`${NODE_IMAGE}` unexpanded). */
  from: string;
  instructions: Instruction[];
}

export const containerfilePath = join(repoRoot, 'Containerfile');
export const dockerignorePath = join(repoRoot, '.dockerignore');

export function parseContainerfile(text = readFileSync(containerfilePath, 'utf8')) {
  const dockerfile = DockerfileParser.parse(text);
  const args: Record<string, string> = {};
  for (const arg of dockerfile.getARGs()) {
    const [name, value] = (arg.getArgumentsContent() ?? '').split('=');
    if (name && value !== undefined) args[name] = value;
  }
  const stages: Stage[] = [];
  for (const instruction of dockerfile.getInstructions()) {
    const keyword = instruction.getKeyword();
    if (keyword === 'FROM') {
      const words = instruction.getArguments().map((a) => a.getValue());
      stages.push({ name: words[2] ?? String(stages.length), from: words[0] ?? '', instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) continue;
    const flags =
      instruction instanceof ModifiableInstruction
        ? Object.fromEntries(instruction.getFlags().map((flag) => [flag.getName(), flag.getValue() ?? '']))
        : {};
    stage.instructions.push({
      keyword,
      flags,
      args: instruction.getArguments().map((a) => a.getValue()),
      text: instruction.getArgumentsContent() ?? '',
    });
  }
  const byName = new Map(stages.map((stage) => [stage.name, stage]));
  return {
    stages,
    /** The build arguments' defaults (`ARG NODE_IMAGE=node:24-slim`). */
    args,
    stage: (name: string) => byName.get(name),
    /** The stage and the stages of this file it is built FROM, the target last. */
    chain(name: string): Stage[] {
      const stage = byName.get(name);
      if (!stage) return [];
      return [...this.chain(stage.from), stage];
    },
    /** The image a stage starts from at the bottom of its chain, with build arguments expanded. */
    baseImage(name: string) {
      const bottom = this.chain(name)[0]?.from ?? '';
      return bottom.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args[a ?? b] ?? '');
    },
  };
}
export type Containerfile = ReturnType<typeof parseContainerfile>;

/**
 * Whether `.dockerignore` keeps a path (relative to the context, `/`-separated) out of the build context:
 * Docker's rules, the last matching line wins, a line matching a directory matches what is inside it, and
 * `!` lets a path back in.
 */
export function dockerignore(text = readFileSync(dockerignorePath, 'utf8')) {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const pattern = (negated ? line.slice(1) : line).replace(/^\/+/, '').replace(/\/+$/, '');
      return { negated, pattern };
    });
  const ignored = (path: string) => {
    const parts = path.split('/');
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let result = false;
    for (const { negated, pattern } of rules)
      if (prefixes.some((prefix) => matchesGlob(prefix, pattern))) result = !negated;
    return result;
  };
  /** Whether a `!` line may let something under an ignored directory back in (so it must be walked). */
  const mayReinclude = (dir: string) =>
    rules.some(({ negated, pattern }) => negated && (pattern.startsWith(`${dir}/`) || pattern.includes('*')));
  return { rules, ignored, mayReinclude };
}

/** Every file of the build context under `dir` (relative to the repository), as `.dockerignore` leaves it. */
export function contextFiles(dir: string, ignore = dockerignore()): string[] {
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(repoRoot, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!ignore.ignored(path) || ignore.mayReinclude(path)) walk(path);
      } else if (!ignore.ignored(path)) files.push(path);
    }
  };
  if (ignore.ignored(dir) && !ignore.mayReinclude(dir)) return files;
  walk(dir);
  return files;
}

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The repository's workspaces: package name to folder (relative to the repository). */
export function workspaceDirs(): Map<string, string> {
  const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] };
  const dirs = new Map<string, string>();
  for (const pattern of root.workspaces) {
    const [parent, glob] = pattern.includes('/') ? pattern.split('/') : ['', pattern];
    for (const entry of readdirSync(join(repoRoot, parent ?? ''), { withFileTypes: true })) {
      const dir = parent ? `${parent}/${entry.name}` : entry.name;
      if (!entry.isDirectory() || !matchesGlob(entry.name, glob ?? '')) continue;
      try {
        const manifest = JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')) as Manifest;
        dirs.set(manifest.name, dir);
      } catch {
        // A folder without a package.json is no workspace.
      }
    }
  }
  return dirs;
}

/**
 * The workspaces a workspace needs when it runs (itself and, transitively, the workspaces among its
 * `dependencies`; with `dev`, its own devDependencies too, as a build does), as folders, sorted.
 */
export function workspaceClosure(dir: string, options: { dev?: boolean } = {}): string[] {
  const dirs = workspaceDirs();
  const seen = new Set<string>();
  const visit = (workspace: string, top: boolean) => {
    if (seen.has(workspace)) return;
    seen.add(workspace);
    const manifest = JSON.parse(readFileSync(join(repoRoot, workspace, 'package.json'), 'utf8')) as Manifest;
    const names = Object.keys({
      ...manifest.dependencies,
      ...(top && options.dev ? manifest.devDependencies : {}),
    });
    for (const name of names) {
      const found = dirs.get(name);
      if (found) visit(found, false);
    }
  };
  visit(dir, true);
  return [...seen].sort();
}
