import { confirmationProblemKey } from './field-problems';
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

/** The rule of a password's repetition ('Passwort Wiederholung falsch'), checked against the field `of`. */
export function usePasswordRepeatRule() {
  const { t } = useTranslation();
  return <F extends string>(of: F) =>
    (value: string, values: Record<F, string>): string | null => {
      const key = confirmationProblemKey(values[of], value);
      return key ? t(key) : null;
    };
}
