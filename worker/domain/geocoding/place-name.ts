/**
 * Folds a place name for comparison: accents off, lower case, punctuation to spaces.
 * "São Paulo" and "sao-paulo" fold alike. scripts/build-gazetteer.mjs folds the same way.
 */
export function foldPlaceName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The cache key of a location string: the same place written with other spacing or case. */
export function locationCacheKey(location: string): string {
  return location.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}
