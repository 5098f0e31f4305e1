import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';

/**
 * Every "⋯" and filter menu's root. Not modal: a modal Radix menu hides the rest of the page
 * with aria-hidden while leaving it focusable, which WCAG (and axe) count as a failure.
 */
export function MenuRoot(props: Omit<ComponentProps<typeof DropdownMenu.Root>, 'modal'>) {
  return <DropdownMenu.Root modal={false} {...props} />;
}
