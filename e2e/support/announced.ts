import type { Page } from '@playwright/test';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The drag live region saying exactly `words` (the whole text, so 'Grundriss 3' is not taken for
 * 'Grundriss 33').
 */
export const announced = (page: Page, words: string) =>
  page.getByRole('status').filter({ hasText: new RegExp(`^${escapeRegExp(words)}$`) });
