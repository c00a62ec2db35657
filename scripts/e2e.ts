// `npm run test:e2e`: the browser tests (playwright test, with any arguments given), when there
// is a Chromium to run them in. Without one they are left out with one line that says so and
// what brings it, and the run passes; with TRIBUNE_REQUIRE_ALL=1 (CI) it fails with that line.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { findChromium, missingLine, requireAll } from '../src/server/test/outside-programs.js';

const chromium = await findChromium();
if ('missing' in chromium) {
  const line = missingLine(chromium.missing);
  if (requireAll()) {
    console.error(line);
    process.exit(1);
  }
  console.log(line);
  process.exit(0);
}

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const child = spawn(process.execPath, [cli, 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
// Ctrl+C reaches Playwright too; this process waits for it to stop its server and report.
process.on('SIGINT', () => {});
child.on('exit', (code) => process.exit(code ?? 1));
