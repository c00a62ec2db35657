import type { Page } from '@playwright/test';
import { pictureFile } from './articleData.js';
import { expect } from './fixtures.js';

export interface ArticleInput {
  title: string;
  /** Typed into the publisher box to filter the list, then the option `publisher` is chosen. */
  publisherSearch: string;
  publisher: string;
  tags: string[];
  description: string;
}

/** Fills the article form as a person would, the picture uploaded through the image field. */
export async function fillArticleForm(page: Page, input: ArticleInput) {
  await page.getByLabel('Title').fill(input.title);
  const publisher = page.getByRole('combobox', { name: 'Publisher' });
  await publisher.fill(input.publisherSearch);
  await page.getByRole('option', { name: input.publisher }).click();
  await expect(publisher).toHaveValue(input.publisher);
  for (const tag of input.tags) await page.getByRole('checkbox', { name: tag }).check();
  await fillDescription(page, input.description);
  await page.getByLabel('Image', { exact: true }).setInputFiles(await pictureFile());
  await expect(page.getByText('Image uploaded.')).toBeVisible();
}

/** The article body's editor, named by its label as the spec names the field. */
export function descriptionBox(page: Page) {
  return page.getByRole('textbox', { name: 'Description' });
}

/** Replaces the body with `text` as typed: a blank line starts a new paragraph. */
export async function fillDescription(page: Page, text: string) {
  const box = descriptionBox(page);
  await box.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  const paragraphs = text.split(/\n\s*\n/);
  for (const [i, paragraph] of paragraphs.entries()) {
    if (i > 0) await page.keyboard.press('Enter');
    await page.keyboard.insertText(paragraph);
  }
}
