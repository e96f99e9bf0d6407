// Makes sure Debian's Chromium is there for the end-to-end tests (never a browser download).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing: installing it with apt-get (Debian package "chromium")…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!fs.existsSync(chromium)) {
    console.error(
      `Chromium is missing at ${chromium}. Install it with:\n\n  sudo apt-get install -y chromium\n`,
    );
    process.exit(1);
  }
}
