import type { Cookie, Page } from '@playwright/test';
import { registerAs, signInAs } from './accounts.js';
import { pictureFile } from './articleData.js';
import { expect, test } from './fixtures.js';

/** The site's origin, which the API's cross-site guard asks writes to name. */
export function origin(): string {
  return new URL(test.info().project.use.baseURL ?? '').origin;
}

interface Draft {
  title: string;
  description: string;
  tags: string[];
}

/**
 * A fresh author (named `name`) registers and posts an article with a picture, through the API.
 * Answers the article's id and the author's session cookies; the author stays signed in.
 */
export async function postAsNewAuthor(
  page: Page,
  name: string,
  draft: Draft,
): Promise<{ id: string; author: Cookie[] }> {
  await registerAs(page, name);
  const upload = await page.request.post('/api/images', {
    multipart: { image: await pictureFile() },
    headers: { origin: origin() },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const image = ((await upload.json()) as { data: { display_url: string } }).data.display_url;
  const created = await page.request.post('/api/articles', {
    data: {
      name: draft.title,
      publisher: 'The Harbour Herald',
      tags: draft.tags,
      description: draft.description,
      image,
    },
    headers: { origin: origin() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { insertedId } = (await created.json()) as { insertedId: string };
  return { id: insertedId, author: (await page.context().storageState()).cookies };
}

/** The admin approves the article through the API; then the author is signed in again. */
export async function approveAsAdmin(page: Page, id: string, author: Cookie[]): Promise<void> {
  await page.context().clearCookies();
  await signInAs(page, 'admin');
  const approved = await page.request.put(`/api/articles/${id}`, {
    data: { isApproved: true },
    headers: { origin: origin() },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  await page.context().clearCookies();
  await page.context().addCookies(author);
}
