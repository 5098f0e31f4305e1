import { z } from 'zod';
import { isMultiLineText, isSingleLineText, MULTI_LINE_MESSAGE, SINGLE_LINE_MESSAGE } from './text-rules';

export { isMultiLineText, isSingleLineText, MULTI_LINE_MESSAGE, SINGLE_LINE_MESSAGE };

// Text is stored composed (NFC): "й" typed as "и" + U+0306 is the "й" others type, and the
// search index folds the letter it is given (worker/domain/folding.ts).
const composed = (value: string) => value.normalize('NFC');

/** A one-line text field (names, titles, tags, URLs...) of at most `max` characters. */
export function singleLineText(max: number) {
  return z.string().max(max, `must be at most ${max} characters`).refine(isSingleLineText, SINGLE_LINE_MESSAGE).overwrite(composed);
}

/** A text that may span lines (notes, message bodies) of at most `max` characters. */
export function multiLineText(max: number) {
  return z.string().max(max, `must be at most ${max} characters`).refine(isMultiLineText, MULTI_LINE_MESSAGE).overwrite(composed);
}
