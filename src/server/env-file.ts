import { existsSync } from 'node:fs';

/** Reads `.env` from the working directory when there is one; real environment variables win. */
export function loadEnvFile(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
