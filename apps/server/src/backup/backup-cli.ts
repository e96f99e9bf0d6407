import { loadConfig } from '../config.js';
import type { EmbeddedLog } from '../db/embedded-postgres.js';
import { takeBackup } from './backup.js';
import { restoreBackup } from './restore.js';

/*
 * `npm run backup -- <folder>` and `npm run restore -- <folder> [--overwrite]`: the embedded database and the
 * media of DATA_DIR (configured as the app is, from the environment). docs/operations.md, "Backups".
 */

const USAGE = 'usage: backup <folder> | restore <folder> [--overwrite]';

/** Progress on stderr, PostgreSQL's routine lines left out. */
const log: EmbeddedLog = {
  debug: () => {},
  info: (message) => console.error(message),
  warn: (message) => console.error(`warning: ${message}`),
  error: (message) => console.error(`error: ${message}`),
};

async function main(args: string[]): Promise<void> {
  const [command, dir, ...rest] = args;
  const overwrite = rest.length === 1 && rest[0] === '--overwrite';
  if (!dir || (rest.length > 0 && !(command === 'restore' && overwrite))) throw new Error(USAGE);
  const config = loadConfig(process.env);
  if (command === 'backup') {
    const manifest = await takeBackup(config, dir, log);
    process.stdout.write(`backed up ${config.dataDir} into ${dir} (${manifest.createdAt})\n`);
  } else if (command === 'restore') {
    const manifest = await restoreBackup(config, dir, { overwrite, log });
    process.stdout.write(
      `restored the backup of ${manifest.createdAt} into ${config.dataDir}: start the app\n`,
    );
  } else throw new Error(USAGE);
}

await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error((error as Error).message);
  process.exitCode = 1;
});
