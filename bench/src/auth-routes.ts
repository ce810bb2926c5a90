import { run, signedUpToken, startServer } from './harness';

/**
 * Requests per second and latency of POST /login/ and GET /api/token/check/ through the gateway of
 * `npm start` (one process; DATABASE_URL if set, else embedded Postgres). Rate limits are switched off
 * for the run, or the login budget would answer 429 after 20 requests. Prints one line per route.
 *
 *   npm run bench                       # 10 s per route, 10 connections
 *   BENCH_SECONDS=20 BENCH_CONNECTIONS=50 npm run bench
 */
async function main() {
  const server = await startServer();
  try {
    const { user, access } = await signedUpToken(server.base);
    console.log(
      `Baton gateway at ${server.base}, ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded Postgres'}, node ${process.version}`,
    );
    await run('POST /login/', {
      url: `${server.base}/login/`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    await run('GET /api/token/check/', {
      url: `${server.base}/api/token/check/`,
      headers: { authorization: `Bearer ${access}` },
    });
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
