/**
 * Classes for a comparison table that stacks below 640 px: each row's label spans the row and
 * the values sit side by side under it, so every column fits a 320 px phone with no sideways
 * scroll (the duplicates page and the merge review).
 */
export const STACK = {
  table: 'max-sm:block',
  group: 'max-sm:block',
  row: 'max-sm:flex max-sm:flex-wrap',
  /** The row's label (th scope="row"): a line of its own above the values. */
  label: 'max-sm:w-full max-sm:pb-0',
  /** The corner cell of the header row, which has nothing to label once stacked. */
  corner: 'max-sm:hidden',
  cell: 'max-sm:min-w-0 max-sm:flex-1 max-sm:break-words',
  /** A cell spanning two value columns. */
  wide: 'max-sm:min-w-0 max-sm:flex-[2] max-sm:break-words',
} as const;
