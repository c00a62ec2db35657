import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { configFromEnvironment } from './config.js';

// V8 allocates straight into the old generation the objects of code whose objects it saw live
// long (allocation-site pretenuring). Storing the guests' article pages after a start renders
// tens of thousands of pages in a few minutes, through the same queries and serializers the
// requests use. V8 then kept tenuring the requests' short-lived objects: the old generation
// filled with garbage, a full collection came every few seconds under load, and the article
// detail's p99 rose to several times its budget (docs/PERFORMANCE.md, item 33). A server's
// objects live for one request or for the whole process.
v8.setFlagsFromString('--no-allocation-site-pretenuring');

// The configuration is checked before the server's modules load (a few seconds through tsx), so
// a mistake in it is reported at once, and only then does the rest load.
const config = configFromEnvironment();
config.webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web');
const { runServer } = await import('./run.js');
await runServer(config);
