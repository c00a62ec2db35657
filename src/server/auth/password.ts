import { hash, verify, type Algorithm } from '@node-rs/argon2';

// argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). better-auth uses these
// through its password hash/verify hooks, and the demo seed uses them for its accounts.
// (The library's enum is a const enum, which isolated modules cannot import as a value.)
const options = {
  algorithm: 2 satisfies Algorithm.Argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export function verifyPassword(digest: string, password: string): Promise<boolean> {
  return verify(digest, password).catch(() => false);
}
