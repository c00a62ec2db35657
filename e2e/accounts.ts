import type { Cookie, Page } from '@playwright/test';
import path from 'node:path';
import sharp from 'sharp';
import { linkIn, waitForMail } from '../src/server/test/outbox.js';
import { expect, test } from './fixtures.js';

/** The demo accounts the server seeds (see the README), by role. */
export const demo = {
  admin: { email: 'admin@example.com', name: 'Amelia Hart' },
  premium: { email: 'premium@example.com', name: 'Daniel Okafor' },
  writer: { email: 'writer@example.com', name: 'Priya Raman' },
  reader: { email: 'reader@example.com', name: 'Tom Becker' },
} as const;

export const demoPassword = 'Tribune123';

/** The site's origin, sent as Origin: the server refuses state changes from other sites. */
function siteOrigin(): string {
  return new URL(test.info().project.use.baseURL ?? '').origin;
}

// Session cookies per account, reused by the tests of one worker: sign-in is rate limited per
// address, and every test signing in anew would soon hit the limit.
const sessions = new Map<string, Cookie[]>();

/**
 * Signs the page's browser in through the API. `fresh` makes a session of its own, for a test
 * that signs out (which ends the session for every test sharing it).
 */
export async function signInAs(
  page: Page,
  account: keyof typeof demo,
  { fresh = false } = {},
): Promise<void> {
  const { email } = demo[account];
  const saved = fresh ? undefined : sessions.get(email);
  if (saved) {
    await page.context().addCookies(saved);
    return;
  }
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: demoPassword },
    headers: { origin: siteOrigin() },
  });
  expect(response.status(), await response.text()).toBe(200);
  if (!fresh) sessions.set(email, (await page.context().storageState()).cookies);
}

/** A small real PNG: the server re-encodes photos, so it must be a valid image. */
export async function photoFile(name = 'photo.png') {
  const buffer = await sharp({
    create: { width: 48, height: 48, channels: 3, background: '#9f1d20' },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

export function uniqueEmail(): string {
  return `reader-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The server runs without SMTP_URL: its mail is in the local outbox (playwright.config.ts). */
export const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/**
 * Creates an account through the API, which also signs the page's browser in as it, and
 * follows the link the registration mailed, as its owner would, unless `verified: false`.
 */
export async function registerAs(
  page: Page,
  name: string,
  { verified = true } = {},
): Promise<string> {
  const email = uniqueEmail();
  const response = await page.request.post('/api/register', {
    multipart: { name, email, password: demoPassword, photo: await photoFile() },
    headers: { origin: siteOrigin() },
  });
  expect(response.status(), await response.text()).toBe(201);
  if (verified) {
    const mail = await waitForMail(outbox, email, (m) => m.subject.startsWith('Confirm'));
    const link = linkIn(mail, siteOrigin());
    const followed = await page.request.get(link.pathname + link.search, { maxRedirects: 0 });
    expect(followed.status()).toBe(302);
  }
  return email;
}
