// `npm run dev`: the API server with reload (tsx watch) on API_PORT, and Vite's dev server with
// hot reload on PORT, which proxies /api and /uploads to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_PORT: apiPort };

const children = [
  spawn(
    'npx',
    ['tsx', 'watch', '--clear-screen=false', '--conditions=tribune-source', 'src/server/main.ts'],
    {
      stdio: 'inherit',
      env: {
        ...env,
        PORT: apiPort,
        PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
      },
    },
  ),
  spawn('npx', ['vite', '--port', port, '--strictPort'], { stdio: 'inherit', env }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
