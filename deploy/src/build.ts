import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const frontEndApps = ['shell', 'mf-tasks', 'mf-folders', 'mf-notifications', 'mf-settings'] as const;

/** Builds each front-end app that exists in the repo but has no dist/ yet; returns the names built. */
export function buildMissingFrontEnds(root: string, log: (line: string) => void) {
  const built: string[] = [];
  for (const name of frontEndApps) {
    const pkg = join(root, name, 'package.json');
    if (!existsSync(pkg) || existsSync(join(root, name, 'dist'))) continue;
    if (!JSON.parse(readFileSync(pkg, 'utf8')).scripts?.build) continue;
    log(`Building ${name}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', name], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`building ${name} failed`);
    built.push(name);
  }
  return built;
}
