import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');
// PERFLAB_E2E_STATE (with PERFLAB_E2E_PORT) lets two developers' suites run side by side on one machine
export const STATE = process.env.PERFLAB_E2E_STATE ?? path.join(ROOT, '.perflab', 'e2e-lab');

export function labEnv(port: number): NodeJS.ProcessEnv {
  // always the embedded database: the journey must not write into a DATABASE_URL a developer uses
  const env = { ...process.env, PERFLAB_STATE: STATE, PERFLAB_PORT: String(port) };
  delete env.DATABASE_URL;
  return env;
}

export function down(port: number) {
  execFileSync(path.join(ROOT, 'scripts', 'down.sh'), { env: labEnv(port), stdio: 'inherit' });
}

export function up(port: number) {
  down(port);
  rmSync(STATE, { recursive: true, force: true });
  execFileSync(path.join(ROOT, 'scripts', 'up.sh'), { env: labEnv(port), stdio: 'inherit' });
}
