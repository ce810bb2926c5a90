// The images' HEALTHCHECK: the process answers /healthz on its own port (no curl in a slim image).
const port = process.env.PORT ?? '8080';
try {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_500) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
