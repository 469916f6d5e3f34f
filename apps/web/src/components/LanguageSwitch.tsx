import { SegmentedControl } from '@mantine/core';
import { isLocale } from '../i18n/resolve-locale';
import { chooseUiLocale, currentLocale } from '../i18n';
import { useTranslation } from 'react-i18next';

/** DE/EN switch for signed-out visitors; signed-in users choose their language in the settings. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('common.languageSwitch')}
      value={isLocale(i18n.language) ? i18n.language : currentLocale()}
      onChange={(value) => {
        if (isLocale(value)) chooseUiLocale(value);
      }}
      data={[
        { value: 'de', label: 'DE' },
        { value: 'en', label: 'EN' },
      ]}
    />
  );
}
