import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configFromEnvironment } from './config.js';

// The configuration is checked before the server's modules load (a few seconds through tsx), so
// a mistake in it is reported at once, and only then does the rest load.
const config = configFromEnvironment();
config.webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
const { runServer } = await import('./run.js');
await runServer(config);
