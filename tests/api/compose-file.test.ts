import fs from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseDockerfile } from '../helpers/dockerfile';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Every variable README's configuration table names (a row may name several: `A`, `B`). */
function readmeVariables(): Set<string> {
  const readme = read('README.md');
  const section = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
  );
  const names = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
  return new Set(names);
}

type Service = {
  build?: unknown;
  image?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
  entrypoint?: string[];
};
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  networks: Record<string, { ipam: { config: { subnet: string }[] } }>;
};
const lootServices = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);

describe('compose.yaml and the Dockerfile against README', () => {
  it("every variable they set for Loot is in README's configuration table", () => {
    const documented = readmeVariables();
    expect(documented.has('PORT')).toBe(true);
    expect(lootServices.map(([name]) => name)).toEqual(['loot-1', 'loot-2']);
    for (const [name, service] of lootServices) {
      const undocumented = Object.keys(service.environment ?? {}).filter((key) => !documented.has(key));
      expect(undocumented, `${name} sets variables README does not describe`).toEqual([]);
    }
    const image = parseDockerfile(read('Dockerfile')).stage('runtime');
    expect(Object.keys(image.env).filter((key) => !documented.has(key))).toEqual([]);
  });

  it("Loot trusts the proxy's network and nothing wider, waits for its database and bucket, and outlasts its own drain", () => {
    const [subnet] = compose.networks.loot.ipam.config.map((c) => c.subnet);
    for (const [, service] of lootServices) {
      const env = service.environment!;
      expect(env.LOOT_TRUSTED_PROXIES).toBe(subnet);
      expect(ipaddr.parseCIDR(subnet)[1]).toBeGreaterThanOrEqual(16);
      expect(new URL(env.DATABASE_URL.replace(/\$\{[^}]+\}/g, 'x')).hostname).toBe('postgres');
      expect(compose.services.postgres.image).toMatch(/^postgres:16/);
      expect(new URL(env.S3_ENDPOINT).hostname).toBe('minio');
      expect(service.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        bucket: { condition: 'service_completed_successfully' },
      });
      const bucket = /^s3:\/\/([^/]+)/.exec(env.LOOT_STORAGE_URL)![1];
      expect(compose.services.bucket.entrypoint!.join(' ')).toContain(`mc mb --ignore-existing loot/${bucket}`);
      expect(Number.parseInt(service.stop_grace_period!, 10) * 1000).toBeGreaterThan(
        Number(env.LOOT_SHUTDOWN_TIMEOUT_MS),
      );
      // An export may hold the drain open until its cap: the stop must wait longer than that too.
      expect(Number.parseInt(service.stop_grace_period!, 10) * 1000).toBeGreaterThan(
        Number(env.LOOT_SHUTDOWN_EXPORT_CAP_MS),
      );
      // Required like the passwords: compose refuses to start without it rather than guess an origin.
      expect(env.LOOT_PUBLIC_URL).toMatch(/^\$\{LOOT_PUBLIC_URL:\?[^}]+\}$/);
    }
    // Caddy sends to both instances on the image's port, checks their ready endpoint, and keeps /metrics inside.
    const caddy = read('deploy/Caddyfile');
    const port = parseDockerfile(read('Dockerfile')).stage('runtime').env.PORT;
    expect(/reverse_proxy ([^{]+)\{/.exec(caddy)![1].trim().split(/\s+/)).toEqual(
      lootServices.map(([name]) => `${name}:${port}`),
    );
    expect(caddy).toContain('health_uri /api/health/ready');
    expect(caddy).toContain('respond /metrics 404');
    // Prometheus is another container: the metrics port listens on every interface here, not on its loopback default.
    for (const [, service] of lootServices)
      expect([service.environment!.LOOT_METRICS_PORT, service.environment!.LOOT_METRICS_HOST]).toEqual([
        '9464',
        '0.0.0.0',
      ]);
    expect(Object.keys(compose.services.proxy.depends_on!)).toEqual(lootServices.map(([name]) => name));
  });

  it('the image runs as a non-root user with its data under /data and a health check on ready', () => {
    const runtime = parseDockerfile(read('Dockerfile')).stage('runtime');
    const build = parseDockerfile(read('Dockerfile')).stage('build');
    expect(runtime.from).toBe(build.from);
    expect(runtime.user).toBe('node');
    expect(runtime.env.LOOT_DATA_DIR).toBe('/data');
    expect(runtime.volumes).toEqual(['/data']);
    expect(runtime.healthcheck).toContain('/api/health/ready');
    expect(runtime.cmd).toEqual(['node', 'dist/server.js']);
  });
});
