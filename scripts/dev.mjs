// `npm run dev`: rebuild the client on change and restart the server on change, side by side.
import { spawn } from 'node:child_process';

const run = (cmd, args) => spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } });
const children = [run('npx', ['vite', 'build', '--watch', '--mode', 'development']), run('npx', ['tsx', 'watch', 'src/server.ts'])];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
