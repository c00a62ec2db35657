import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  contentAddressedName,
  contentAddressedPattern,
  type ImageFormat,
  type ImageStore,
} from './store.js';

/**
 * Keeps images under DATA_DIR/uploads, served by the app at /uploads/. Names are the hash of
 * the bytes (no user text in paths); a file is written under a temporary name and renamed, so a
 * crash never leaves half an image behind.
 */
export class LocalImageStore implements ImageStore {
  readonly kind = 'local';

  constructor(readonly dir: string) {}

  async put(bytes: Buffer, format: ImageFormat): Promise<string> {
    const name = contentAddressedName(bytes, format);
    await mkdir(this.dir, { recursive: true });
    const temporary = path.join(this.dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temporary, bytes);
    await rename(temporary, path.join(this.dir, name));
    return `/uploads/${name}`;
  }

  owns(url: string): boolean {
    return url.startsWith('/uploads/') && contentAddressedPattern.test(url.slice(9));
  }

  read(url: string): Promise<Buffer> {
    if (!this.owns(url)) return Promise.reject(new Error('not an image of this store'));
    return readFile(path.join(this.dir, url.slice(9)));
  }

  async remove(urls: string[]): Promise<void> {
    for (const url of urls) {
      // Only names this store makes: nothing else in (or outside) the folder can be named.
      if (!this.owns(url)) continue;
      await unlink(path.join(this.dir, url.slice(9))).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    }
  }
}
