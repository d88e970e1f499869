// Runs before `npm test`: the browser tests drive Debian's Chromium. Installs it with
// apt when missing and this user may (root on the project's machines); otherwise says how.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(`Browser tests need ${CHROMIUM}: run \`sudo apt-get install -y chromium\` first.`);
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
