import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { i18n, loadAllTexts } from './index';
import { onLanguageChange, rowT } from './use-row-t';

beforeAll(loadAllTexts);
afterAll(() => i18n.changeLanguage('de'));

describe('the translation function of list rows', () => {
  test('speaks the current language, as useTranslation would', async () => {
    await i18n.changeLanguage('de');
    expect(rowT('subscriptions.deliver.RED')).toBe(i18n.getFixedT('de')('subscriptions.deliver.RED'));
    await i18n.changeLanguage('en');
    expect(rowT('subscriptions.deliver.RED')).toBe(i18n.getFixedT('en')('subscriptions.deliver.RED'));
    expect(rowT('subscriptions.deliver.RED')).not.toBe(i18n.getFixedT('de')('subscriptions.deliver.RED'));
    expect(rowT('docs.dragRow', { name: 'A-101' })).toBe(i18n.getFixedT('en')('docs.dragRow', { name: 'A-101' }));
  });

  test('a row hears each change of language until it stops listening', async () => {
    await i18n.changeLanguage('de');
    const heard: string[] = [];
    const stop = onLanguageChange(() => heard.push(i18n.language));
    await i18n.changeLanguage('en');
    await i18n.changeLanguage('de');
    stop();
    await i18n.changeLanguage('en');
    expect(heard).toEqual(['en', 'de']);
  });
});
