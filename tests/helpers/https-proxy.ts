import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A TLS-terminating reverse proxy on this machine, as README's nginx block sets one up: https to the browser, plain
 * http to Loot, Host passed on as the browser wrote it, X-Forwarded-For appended and X-Forwarded-Proto https.
 * Responses stream through unbuffered (exports, the live event stream). Its certificate is made when it starts
 * (openssl, self-signed for localhost), so a browser talking to it must ignore certificate errors.
 */
export type HttpsProxy = {
  /** https://localhost:<port> */
  url: string;
  /** Where requests go from now on (Loot's http://localhost:<port>). */
  forwardTo(upstream: string): void;
  close(): Promise<void>;
};

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loot-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ],
      { stdio: 'pipe' },
    );
    return { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function startHttpsProxy(): Promise<HttpsProxy> {
  let upstream: URL | null = null;
  const server = https.createServer(selfSignedCertificate(), (req, res) => {
    if (!upstream) {
      res.writeHead(502).end('no upstream yet');
      return;
    }
    const headers = { ...req.headers };
    const peer = req.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${String(headers['x-forwarded-for'])}, ${peer}` : peer;
    headers['x-forwarded-proto'] = 'https';
    // By address: Loot listens on IPv4, and 'localhost' may resolve to ::1 first.
    const forwarded = http.request(
      { hostname: '127.0.0.1', port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end('upstream unreachable')));
    res.on('close', () => forwarded.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    forwardTo: (target) => {
      upstream = new URL(target);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
