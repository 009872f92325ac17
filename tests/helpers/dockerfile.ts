/**
 * Reads the instructions of the project's Dockerfile that the tests hold to account (no container engine runs
 * here, so tests/api/production-start.test.ts runs its commands outside one). The forms the Dockerfile uses only:
 * ARG defaults (an ARG without one, inside a stage, keeps the value from before the first FROM, as Docker does),
 * FROM … AS, WORKDIR, RUN (shell form), COPY [--from=stage], ENV key=value, LABEL key="value", USER, VOLUME, EXPOSE,
 * HEALTHCHECK [options] CMD […], STOPSIGNAL and CMD […]; anything else is an error, so a new instruction gets a
 * decision here rather than being skipped.
 */
export type DockerStage = {
  name: string;
  from: string;
  workdir: string;
  runs: string[];
  copies: { from: string | null; sources: string[]; dest: string }[];
  env: Record<string, string>;
  labels: Record<string, string>;
  user: string | null;
  volumes: string[];
  healthcheck: string | null;
  cmd: string[];
};

export function parseDockerfile(text: string) {
  const args: Record<string, string> = {};
  const stages: DockerStage[] = [];
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const line of logical) {
    const [keyword, ...rest] = line.split(/\s+/);
    const body = line
      .slice(keyword.length)
      .trim()
      .replace(/\$\{(\w+)\}/g, (_, name: string) => args[name] ?? '');
    const stage = stages.at(-1);
    const current = () => {
      if (!stage) throw new Error(`Dockerfile: ${keyword} before FROM`);
      return stage;
    };
    switch (keyword.toUpperCase()) {
      case 'ARG': {
        const at = body.indexOf('=');
        if (at >= 0) args[body.slice(0, at)] = body.slice(at + 1);
        else args[body] ??= '';
        break;
      }
      case 'FROM': {
        const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(body);
        if (!match) throw new Error(`Dockerfile: unreadable FROM ${body}`);
        stages.push({
          name: match[2] ?? String(stages.length),
          from: match[1],
          workdir: '/',
          runs: [],
          copies: [],
          env: {},
          labels: {},
          user: null,
          volumes: [],
          healthcheck: null,
          cmd: [],
        });
        break;
      }
      case 'WORKDIR':
        current().workdir = body;
        break;
      case 'RUN':
        current().runs.push(body);
        break;
      case 'COPY': {
        const from = rest[0]?.startsWith('--from=') ? rest.shift()!.slice('--from='.length) : null;
        current().copies.push({ from, sources: rest.slice(0, -1), dest: rest.at(-1)! });
        break;
      }
      case 'ENV':
        for (const pair of body.match(/\S+=("[^"]*"|\S+)/g) ?? []) {
          const at = pair.indexOf('=');
          current().env[pair.slice(0, at)] = pair.slice(at + 1).replace(/^"|"$/g, '');
        }
        break;
      case 'LABEL':
        for (const pair of body.match(/[\w.-]+="[^"]*"/g) ?? []) {
          const at = pair.indexOf('=');
          current().labels[pair.slice(0, at)] = pair.slice(at + 2, -1);
        }
        break;
      case 'USER':
        current().user = body;
        break;
      case 'VOLUME':
        current().volumes.push(...(body.startsWith('[') ? (JSON.parse(body) as string[]) : body.split(/\s+/)));
        break;
      case 'HEALTHCHECK': {
        const at = body.indexOf('CMD ');
        if (at < 0) throw new Error('Dockerfile: HEALTHCHECK without CMD');
        current().healthcheck = body.slice(at + 4).trim();
        break;
      }
      case 'CMD':
        current().cmd = JSON.parse(body) as string[];
        break;
      case 'EXPOSE':
      case 'STOPSIGNAL':
        break;
      default:
        throw new Error(`Dockerfile: ${keyword} is not read by tests/helpers/dockerfile.ts`);
    }
  }
  return {
    stages,
    stage(name: string): DockerStage {
      const found = stages.find((s) => s.name === name);
      if (!found) throw new Error(`Dockerfile: no stage ${name}`);
      return found;
    },
  };
}
