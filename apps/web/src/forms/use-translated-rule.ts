import { useTranslation } from 'react-i18next';

/** Turns a rule that answers with a translation key into a Mantine form rule that answers with text. */
export function useTranslatedRule() {
  const { t } = useTranslation();
  return <V>(rule: (value: V) => string | null) =>
    (value: V): string | null => {
      const key = rule(value);
      return key ? t(key) : null;
    };
}
