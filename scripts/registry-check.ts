import path from 'node:path';
import { knownNames } from '../src/app.ts';
import { loadRegistryFile, RegistryError } from '../src/registry/load.ts';

/** `npm run registry:check [file]`: the same validation the server runs at start, every problem named. */
const file = path.resolve(process.argv[2] ?? process.env.REGISTRY_PATH ?? 'registry.json');
try {
  const reg = loadRegistryFile(file, knownNames());
  for (const w of reg.warnings) process.stdout.write(`warning: ${w}\n`);
  const paths = reg.file.pages.reduce((n, p) => n + p.paths.length, 0);
  process.stdout.write(`${file}: ok (${reg.file.pages.length} pages, ${paths} paths, ${reg.file.redirects.length} redirects)\n`);
} catch (err) {
  process.stderr.write(`${err instanceof RegistryError ? err.message : String(err)}\n`);
  process.exit(1);
}
