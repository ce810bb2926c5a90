// Writes src/assets/chime.wav: a short two-tone chime (A5 then E6, a rising fifth), mono 16 kHz 16-bit PCM.
// Run with `node scripts/make-chime.mjs`; the output is committed, so this only runs when the sound changes.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const sampleRate = 16_000;
const seconds = 0.3;
const length = Math.round(sampleRate * seconds);

/** One bell-like note: a sine with a soft octave overtone, a 5 ms attack and an exponential decay. */
function note(frequency, start, t) {
  const local = t - start;
  if (local < 0) return 0;
  const attack = Math.min(1, local / 0.005);
  const decay = Math.exp(-local * 14);
  const tone = Math.sin(2 * Math.PI * frequency * local) + 0.25 * Math.sin(4 * Math.PI * frequency * local);
  return attack * decay * tone;
}

const data = Buffer.alloc(length * 2);
for (let i = 0; i < length; i++) {
  const t = i / sampleRate;
  // The last 30 ms fade to silence so the sound ends without a click.
  const fadeOut = Math.min(1, (seconds - t) / 0.03);
  const sample = 0.5 * (note(880, 0, t) + note(1318.51, 0.1, t)) * fadeOut;
  data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), i * 2);
}

const header = Buffer.alloc(44);
header.write('RIFF', 0, 'ascii');
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8, 'ascii');
header.write('fmt ', 12, 'ascii');
header.writeUInt32LE(16, 16); // PCM format chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(sampleRate, 24);
header.writeUInt32LE(sampleRate * 2, 28); // bytes per second
header.writeUInt16LE(2, 32); // bytes per frame
header.writeUInt16LE(16, 34); // bits per sample
header.write('data', 36, 'ascii');
header.writeUInt32LE(data.length, 40);

const out = fileURLToPath(new URL('../src/assets/chime.wav', import.meta.url));
writeFileSync(out, Buffer.concat([header, data]));
console.log(`Wrote ${out} (${header.length + data.length} bytes)`);
