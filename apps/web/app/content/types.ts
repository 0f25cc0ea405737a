/**
 * The building blocks the content pages are written with, as plain data (strings and numbers), so a page's text
 * can travel from a loader to the page like the guides do.
 */

/** An illustration of the store's own (public/art/pages), with its intrinsic size to keep the layout still. */
export interface Figure {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** A call to action: a page of the store, an outside address (tel:, mailto:) or the appointment dialog. */
export type Action =
  | { label: string; to: string; style?: 'primary' | 'ghost' | 'link' }
  | { label: string; href: string; style?: 'primary' | 'ghost' | 'link' }
  | { label: string; appointment: true; style?: 'primary' | 'ghost' | 'link' };
