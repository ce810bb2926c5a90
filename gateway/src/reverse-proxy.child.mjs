// A reverse proxy for the trusted-proxy test: forwards every request to TARGET (http://host:port), adding
// the peer it saw to X-Forwarded-For as ingress controllers do, and prints its port once listening.
import http from 'node:http';

const target = new URL(process.env.TARGET);
const server = http.createServer((req, res) => {
  const seen = req.headers['x-forwarded-for'];
  const headers = {
    ...req.headers,
    'x-forwarded-for': seen ? `${seen}, ${req.socket.remoteAddress}` : req.socket.remoteAddress,
  };
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
