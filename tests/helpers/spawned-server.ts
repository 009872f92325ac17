import { spawn, type ChildProcess } from 'node:child_process';
import { serverBundle } from './server-bundle';

export type SpawnedServer = {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together, in order. */
  output(): string;
  /** Its "Loot is serving …" line, once printed; rejects with the output if it exits first. */
  serving: Promise<string>;
  /** Resolves with the exit code once it exits. */
  exited: Promise<number | null>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
};

/**
 * The server bundle (what `npm start` and the image run) started in its own process with `env` over a quiet base
 * (no catalogue, info logs), by this test's Node unless `node` names another, and `umask` when given (through sh,
 * as a supervisor or a shell would set it).
 */
export async function spawnServer(
  env: Record<string, string>,
  options: { umask?: string; node?: string } = {},
): Promise<SpawnedServer> {
  const bundle = await serverBundle();
  const node = options.node ?? process.execPath;
  const fullEnv = { ...process.env, LOOT_SEED_CATALOGUE: '0', LOOT_LOG_LEVEL: 'info', ...env };
  const child = options.umask
    ? spawn('sh', ['-c', `umask ${options.umask} && exec "$0" "$1"`, node, bundle], {
        env: fullEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(node, [bundle], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const serving = new Promise<string>((resolve, reject) => {
    const look = () => {
      const line = /"msg":"(Loot is serving [^"]*)"/.exec(output)?.[1];
      if (line) resolve(line);
    };
    child.stdout!.on('data', (d) => {
      output += d;
      look();
    });
    child.stderr!.on('data', (d) => (output += d));
    void exited.then((code) => reject(new Error(`The server exited (${code}) before serving:\n${output}`)));
  });
  serving.catch(() => undefined);
  return {
    child,
    output: () => output,
    serving,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The lines of `output` that are not one JSON object each (a log pipeline reading JSON would choke on them). */
export function nonJsonLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
}
