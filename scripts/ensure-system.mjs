// Makes sure the Debian packages the project runs are there: ffmpeg (every uploaded video and the demo's clips)
// and, for the tests, Chromium, HAProxy and nginx. Installed with apt-get when root, else the one command to run
// is said. Usage: node scripts/ensure-system.mjs ffmpeg [chromium] [haproxy] [nginx]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** An executable by absolute path, or found on PATH. */
function found(command) {
  const candidates = path.isAbsolute(command)
    ? [command]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, command));
  return candidates.some((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const needs = {
  ffmpeg: {
    packages: ['ffmpeg'],
    binaries: [process.env.FFMPEG_PATH || 'ffmpeg', process.env.FFPROBE_PATH || 'ffprobe'],
  },
  // The full browser (Lighthouse, push and installability tests) and its old headless shell (the other tests).
  chromium: {
    packages: ['chromium', 'chromium-headless-shell'],
    binaries: [
      process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      process.env.CHROMIUM_SHELL_PATH ?? '/usr/bin/chromium-headless-shell',
    ],
  },
  // The balancers of deploy/, checked and run by the tests.
  haproxy: { packages: ['haproxy'], binaries: [process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy'] },
  nginx: { packages: ['nginx-light'], binaries: ['/usr/sbin/nginx'] },
};

const missing = () =>
  process.argv
    .slice(2)
    .map((name) => needs[name])
    .filter((need) => need && !need.binaries.every(found));

let lacking = missing();
if (lacking.length > 0 && process.getuid?.() === 0) {
  const packages = lacking.flatMap((need) => need.packages);
  console.log(`Missing: installing ${packages.join(', ')} with apt-get (Debian packages)…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  lacking = missing();
}
if (lacking.length > 0) {
  const binaries = lacking.flatMap((need) => need.binaries.filter((binary) => !found(binary)));
  console.error(
    `Missing ${binaries.join(', ')}. Install with:\n\n  sudo apt-get install -y ${lacking.flatMap((need) => need.packages).join(' ')}\n`,
  );
  process.exit(1);
}
