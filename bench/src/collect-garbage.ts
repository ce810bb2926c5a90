import { execFileSync } from 'node:child_process';
import WebSocket from 'ws';

/** Where a node process opens its inspector when sent SIGUSR1 (Node's default). */
const inspectorPort = 9229;

/** The process listening on `port` on this machine, if any (read from `ss`). */
function listenerOn(port: number) {
  const line = execFileSync('ss', ['-Htlnp', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(line)?.[1];
  return pid === undefined ? undefined : Number(pid);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Full garbage collections in the running node process `pid`, asked from outside: SIGUSR1 opens its inspector,
 * and the DevTools protocol's `HeapProfiler.collectGarbage` runs one (the memory-reducing kind, which also gives
 * back the pages it freed). What a process holds right after a burst of work is what it needs plus the garbage
 * no collection has taken yet: its resident memory after one is what it keeps. Undefined when the inspector
 * cannot open (another process has its port): then there is no such figure.
 */
export async function garbageCollector(pid: number) {
  if (listenerOn(inspectorPort) !== undefined) return undefined;
  process.kill(pid, 'SIGUSR1');
  for (let i = 0; i < 50 && listenerOn(inspectorPort) !== pid; i++) await sleep(100);
  if (listenerOn(inspectorPort) !== pid) return undefined;
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) return undefined;
  const session = new WebSocket(url);
  await new Promise((resolve, reject) => {
    session.once('open', resolve);
    session.once('error', reject);
  });
  let lastId = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<void>((resolve, reject) => {
      const id = ++lastId;
      const onMessage = (raw: WebSocket.RawData) => {
        const message = JSON.parse(String(raw)) as { id?: number; error?: { message: string } };
        if (message.id !== id) return;
        session.off('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve();
      };
      session.on('message', onMessage);
      session.send(JSON.stringify({ id, method, params }));
    });
  return {
    /** Runs a full collection and waits for it. */
    collect: () => call('HeapProfiler.collectGarbage'),
    /** Closes the process's inspector again. */
    close() {
      session.send(
        JSON.stringify({
          id: ++lastId,
          method: 'Runtime.evaluate',
          params: { expression: "process.getBuiltinModule('node:inspector').close()" },
        }),
      );
      session.close();
    },
  };
}
