import type { TFunction } from 'i18next';

const MARK = '\u0000';

/**
 * A text with placeholders, translated once and then filled in by joining strings. i18next's `t`
 * looks the key up, parses and interpolates on every call; a screen that labels thousands of cells
 * (the Planraster while it scrolls) pays that per cell and frame. Keep the result per `t` (it
 * changes with the language) and call it as often as needed.
 */
export function compileText<Name extends string>(
  t: TFunction,
  key: string,
  names: readonly Name[],
): (values: Readonly<Record<Name, string>>) => string {
  const marked = t(key, Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`])));
  // Text, name, text, name, …, text.
  const parts = marked.split(MARK);
  return (values) => {
    let text = parts[0]!;
    for (let i = 1; i < parts.length; i += 2) text += values[parts[i] as Name] + parts[i + 1]!;
    return text;
  };
}
