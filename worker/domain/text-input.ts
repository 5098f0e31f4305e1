import { z } from 'zod';
import { isMultiLineText, isSingleLineText, MULTI_LINE_MESSAGE, SINGLE_LINE_MESSAGE } from './text-rules';

export { isMultiLineText, isSingleLineText, MULTI_LINE_MESSAGE, SINGLE_LINE_MESSAGE };

/** A one-line text field (names, titles, tags, URLs...) of at most `max` characters. */
export function singleLineText(max: number) {
  return z.string().max(max, `must be at most ${max} characters`).refine(isSingleLineText, SINGLE_LINE_MESSAGE);
}

/** A text that may span lines (notes, message bodies) of at most `max` characters. */
export function multiLineText(max: number) {
  return z.string().max(max, `must be at most ${max} characters`).refine(isMultiLineText, MULTI_LINE_MESSAGE);
}
