import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { i18n } from './index';

/** Calls back after each change of the interface language; answers how to stop. */
export const onLanguageChange = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};
const language = () => i18n.language;

/** i18next's t for the current language, the same function in every component that asks. */
export const rowT: TFunction = ((...args: Parameters<TFunction>) => i18n.t(...args)) as TFunction;

/**
 * The translation function for parts that a long list mounts by the dozen per frame while it
 * scrolls (rows, dots, thumbnails). react-i18next's useTranslation copies the i18n instance for
 * each component that mounts it (a fifth of a plan row's cost in a profile); this hook only
 * follows the language, so the part draws again in the new one. The texts are there before
 * the language changes (setUiLocale loads them first), so nothing here needs to suspend.
 */
export function useRowT(): TFunction {
  useSyncExternalStore(onLanguageChange, language);
  return rowT;
}
