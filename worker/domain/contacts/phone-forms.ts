// National numbers are at least this many digits after the trunk 0: shorter ones are too
// likely to be the tail of some other number.
const MIN_NATIONAL_DIGITS = 6;

/**
 * Whether two normalized phones (normalizePhone) are one number written two ways: the
 * international form and the national one with its trunk 0 ("+46701234567" and "0701234567";
 * Italy's "+390612345678" and "0612345678" too, the 0 read as part of the code). The country
 * code (one to three digits) comes from the international form, so no default region is
 * needed. Only used between the phones of one contact, where a national number that ends an
 * international one is that number.
 */
export function samePhoneNumber(a: string, b: string): boolean {
  if (a === b) return true;
  const international = a.startsWith('+') ? a : b.startsWith('+') ? b : null;
  const national = international === a ? b : a;
  if (!international || !/^0[1-9]\d*$/.test(national) || national.length - 1 < MIN_NATIONAL_DIGITS) return false;
  const digits = international.slice(1);
  return [1, 2, 3].some((codeLength) => digits.slice(codeLength) === national.slice(1));
}
