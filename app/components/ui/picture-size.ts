// Sizes as classes, not style attributes: the page CSP allows no inline styles.
const SIZE_CLASSES = { 28: 'size-7', 32: 'size-8', 56: 'size-14', 64: 'size-16' } as const;

/** The pixel sizes an avatar or logo comes in. */
export type PictureSize = keyof typeof SIZE_CLASSES;

export const pictureSizeClass = (size: PictureSize): string => SIZE_CLASSES[size];
