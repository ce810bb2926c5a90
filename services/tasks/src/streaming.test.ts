import { describe, expect, it } from 'vitest';
import { streamedBody } from './streaming';

/** A source of `count` pieces that records how far it was read and whether its `finally` ran. */
function source(count: number, failAt?: number) {
  const seen = { made: 0, freed: false };
  async function* pieces() {
    try {
      for (let n = 0; n < count; n += 1) {
        if (n === failAt) throw new Error(`piece ${n} failed`);
        seen.made += 1;
        yield `<${n}>`;
      }
    } finally {
      seen.freed = true;
    }
  }
  return { pieces: pieces(), seen };
}

const text = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk);

describe('a streamed body', () => {
  it('makes pieces only as the client takes them, two ahead at most, and frees its source at the end', async () => {
    const { pieces, seen } = source(8);
    const reader = (await streamedBody(pieces, { failed: () => {} })).getReader();
    // The first piece is made before the body exists, and the queue holds two.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.made).toBeLessThanOrEqual(3);
    expect(text((await reader.read()).value)).toBe('<0>');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.made).toBeLessThanOrEqual(4);
    let rest = '';
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest += text(read.value);
    expect(rest).toBe('<1><2><3><4><5><6><7>');
    expect(seen.freed).toBe(true);
  });

  it('fails before the body exists when the first piece fails (the caller answers an error status)', async () => {
    const { pieces } = source(3, 0);
    await expect(streamedBody(pieces, { failed: () => {} })).rejects.toThrow('piece 0 failed');
  });

  it('cuts the body when a later piece fails, and says why', async () => {
    const { pieces, seen } = source(3, 1);
    const failures: unknown[] = [];
    const reader = (await streamedBody(pieces, { failed: (error) => failures.push(error) })).getReader();
    expect(text((await reader.read()).value)).toBe('<0>');
    await expect(reader.read()).rejects.toThrow('piece 1 failed');
    expect(failures).toHaveLength(1);
    expect(seen.freed).toBe(true);
  });

  it('frees the source when the client goes away', async () => {
    const { pieces, seen } = source(100);
    const reader = (await streamedBody(pieces, { failed: () => {} })).getReader();
    await reader.read();
    await reader.cancel();
    await expect.poll(() => seen.freed).toBe(true);
    expect(seen.made).toBeLessThan(5);
  });

  it('cuts the body and frees the source at the deadline, though the client reads no more', async () => {
    const { pieces, seen } = source(100);
    const failures: unknown[] = [];
    const body = await streamedBody(pieces, { failed: (error) => failures.push(error), deadlineMs: 50 });
    const reader = body.getReader();
    await reader.read();
    await expect.poll(() => seen.freed).toBe(true);
    expect(failures).toHaveLength(1);
    await expect(reader.read()).rejects.toThrow('not sent within 50 ms');
  });
});
