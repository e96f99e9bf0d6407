// `npm run dev`: the server (rebuilt and restarted on change) and Vite's dev server with hot reload.
import { spawn } from 'node:child_process';

const run = (command, args, options = {}) =>
  spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32', ...options });

const children = [
  // The demo too: outside production the server seeds it (npm run dev builds all three once before this).
  run('npx', ['tsc', '-b', '-w', '--preserveWatchOutput', 'packages/shared', 'apps/server', 'packages/demo']),
  run(
    'node',
    [
      '--watch-path=apps/server/dist',
      '--watch-path=packages/shared/dist',
      '--watch-path=packages/demo/dist',
      'apps/server/dist/main.js',
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
      },
    },
  ),
  run('npx', ['vite', '--port', '5173'], { cwd: 'apps/web' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
