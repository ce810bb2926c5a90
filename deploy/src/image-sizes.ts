import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '@baton/gateway';
import { type Containerfile, contextFiles, dockerignore, parseContainerfile } from './containerfile';

/**
 * The unpacked size of each image of the Containerfile, measured without a container engine: every stage's
 * file tree is built under `--out` (default /tmp/images/<stage>) the way the Containerfile says (its COPY lines
 * from the build context as `.dockerignore` leaves it or from other stages, its `npm` and file commands run
 * there), then each target's tree is measured. The base image's own files are not in the trees.
 *
 *   npx tsx deploy/src/image-sizes.ts [target…] [--out /tmp/images]
 */
const { values, positionals } = parseArgs({
  options: { out: { type: 'string', default: '/tmp/images' } },
  allowPositionals: true,
});
const out = values.out;
const file = parseContainerfile();
const ignore = dockerignore();
/** Stages that have been built in this run, by name: their root folder. */
const built = new Map<string, string>();

/** Runs a RUN instruction's commands (`a && b`); only what can be done inside the stage's tree. */
function run(words: string[], root: string, workdir: string) {
  const commands: string[][] = [[]];
  for (const word of words) {
    if (word === '&&') commands.push([]);
    else commands.at(-1)?.push(word);
  }
  const inTree = (path: string) => join(root, posix.resolve(workdir, path));
  for (const [command, ...args] of commands) {
    if (command === 'npm') {
      execFileSync('npm', args, { cwd: inTree('.'), stdio: ['ignore', 'ignore', 'inherit'] });
    } else if (command === 'rm') {
      for (const path of args.filter((a) => !a.startsWith('-')))
        rmSync(inTree(path), { recursive: true, force: true });
    } else if (command === 'mkdir') {
      for (const path of args.filter((a) => !a.startsWith('-'))) mkdirSync(inTree(path), { recursive: true });
    } else if (command === 'chown' || command === 'chmod') {
      // Ownership and modes are the image's business, not the size's.
    } else {
      throw new Error(`cannot run \`${[command, ...args].join(' ')}\` outside a container`);
    }
  }
}

/** COPY: each source (a file or a folder's contents) to the destination, as `docker build` does. */
function copy(sources: string[], target: string, toDir: boolean, from: { root: string; context: boolean }) {
  for (const source of sources) {
    if (from.context) {
      const path = posix
        .normalize(source)
        .replace(/^\.\/?/, '')
        .replace(/\/$/, '');
      if (existsSync(join(repoRoot, path)) && statSync(join(repoRoot, path)).isDirectory()) {
        for (const rel of contextFiles(path, ignore)) {
          const inside = path ? rel.slice(path.length + 1) : rel;
          cpSync(join(repoRoot, rel), join(target, inside));
        }
      } else {
        if (ignore.ignored(path)) throw new Error(`COPY ${source}: excluded by .dockerignore`);
        cpSync(join(repoRoot, path), toDir ? join(target, basename(path)) : target);
      }
    } else {
      const path = join(from.root, source);
      if (statSync(path).isDirectory()) cpSync(path, target, { recursive: true, verbatimSymlinks: true });
      else cpSync(path, toDir ? join(target, basename(path)) : target);
    }
  }
}

/** Builds a stage's tree (and the stages it needs) under `out`; returns its root. */
function build(name: string, containerfile: Containerfile): string {
  const done = built.get(name);
  if (done) return done;
  const stage = containerfile.stage(name);
  if (!stage) throw new Error(`no stage ${name}`);
  const root = join(out, name);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  if (containerfile.stage(stage.from))
    cpSync(build(stage.from, containerfile), root, { recursive: true, verbatimSymlinks: true });
  // A stage starts in the WORKDIR the stage it is built FROM ended in.
  let workdir = '/';
  for (const { keyword, args } of containerfile.chain(stage.from).flatMap((s) => s.instructions))
    if (keyword === 'WORKDIR') workdir = posix.resolve(workdir, args[0] ?? '/');
  console.error(`building ${name}…`);
  for (const instruction of stage.instructions) {
    const { keyword, args, flags } = instruction;
    if (keyword === 'WORKDIR') {
      workdir = posix.resolve(workdir, args[0] ?? '/');
      mkdirSync(join(root, workdir), { recursive: true });
    } else if (keyword === 'COPY') {
      const destination = args.at(-1) ?? '.';
      const sources = args.slice(0, -1);
      const toDir = destination.endsWith('/') || sources.length > 1;
      const target = join(root, posix.resolve(workdir, destination));
      mkdirSync(toDir ? target : dirname(target), { recursive: true });
      const from = flags.from
        ? { root: build(flags.from, containerfile), context: false }
        : { root, context: true };
      copy(sources, target, toDir, from);
    } else if (keyword === 'RUN') {
      run(args, root, workdir);
    }
  }
  built.set(name, root);
  return root;
}

/** Bytes of a tree as unpacked (apparent sizes; hard and symbolic links counted as du counts them). */
const sizeOf = (path: string) =>
  Number(execFileSync('du', ['-sb', path], { encoding: 'utf8' }).split('\t')[0]);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

const targets =
  positionals.length > 0
    ? positionals
    : ['identity', 'tasks', 'folders', 'notifications', 'files', 'gateway'];
const rows = targets.map((target) => {
  const root = build(target, file);
  const app = join(root, 'app');
  const modules = existsSync(join(app, 'node_modules')) ? sizeOf(join(app, 'node_modules')) : 0;
  const total = sizeOf(root);
  return { target, base: file.baseImage(target), code: total - modules, modules, total };
});
console.log('\nimage          base           own files   node_modules   total (without the base image)');
for (const row of rows)
  console.log(
    `${row.target.padEnd(15)}${row.base.padEnd(15)}${mb(row.code).padStart(9)}   ${mb(row.modules).padStart(12)}   ${mb(row.total).padStart(10)}`,
  );
console.log(`\nTrees in ${out}/<stage>; add the base image (${rows[0]?.base}) to each total.`);
