import { beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  registerRemotes: vi.fn(),
  loadRemote: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => ({ getInstance: () => runtime }));

const { createRemoteLoader, registerRemotes } = await import('./loader');
const View = () => null;

beforeEach(() => {
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
});

describe('remote loader', () => {
  it('registers each manifest under an identifier name, aliased by the package name, replacing old ones', () => {
    registerRemotes({ 'mf-tasks': '/mf/mf-tasks/mf-manifest.json' });
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_tasks', alias: 'mf-tasks', entry: '/mf/mf-tasks/mf-manifest.json' }],
      { force: true },
    );
  });

  it('retries a failed load, registering the manifest again before each new try', async () => {
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('manifest 503'))
      .mockRejectedValueOnce(new Error('manifest 503'))
      .mockResolvedValueOnce({ default: View });
    const load = createRemoteLoader(() => ({ 'mf-tasks': '/m.json' }), 3);
    await expect(load('mf-tasks', 'TaskList')).resolves.toEqual({ default: View });
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf-tasks/TaskList');
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
  });

  it('gives up after the last try with the last error', async () => {
    runtime.loadRemote.mockRejectedValue(new Error('gone'));
    const load = createRemoteLoader(() => ({}), 2);
    await expect(load('mf-tasks', 'TaskList')).rejects.toThrow('gone');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('refuses a module without a component as its default export', async () => {
    runtime.loadRemote.mockResolvedValue({ default: 'not a component' });
    await expect(createRemoteLoader(() => ({}), 1)('mf-tasks', 'TaskList')).rejects.toThrow(
      /no default export/,
    );
  });
});
