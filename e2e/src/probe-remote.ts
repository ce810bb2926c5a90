import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { repoRoot } from './process';

const fixture = join(repoRoot, 'e2e/fixtures/probe-remote');
const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
};

/** Builds the probe remote and serves its build from another origin, readable cross-origin like a CDN. */
export async function serveProbeRemote(port: number): Promise<Server> {
  const built = spawnSync('npx', ['rspack', 'build', '-c', join(fixture, 'rspack.config.ts')], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`probe remote build failed:\n${built.stdout}\n${built.stderr}`);
  return serveDirectory(join(fixture, 'dist'), port);
}

/** Serves the files in `dist` as a CDN would a remote's build: static, readable from any origin. */
export async function serveDirectory(dist: string, port: number): Promise<Server> {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    try {
      const body = await readFile(join(dist, path));
      res.writeHead(200, {
        'Content-Type': types[extname(path)] ?? 'application/octet-stream',
        'Access-Control-Allow-Origin': '*',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
