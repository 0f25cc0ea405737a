import type { MetaDescriptor } from 'react-router';
import { STORE_NAME } from '../../../content/store';

/** A back-office page's head: its title, and never in a search engine. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${STORE_NAME} back office` }, { name: 'robots', content: 'noindex' }];
}

/** Drawn in the back office's own frame, not the storefront's (root.tsx reads this). */
export const ADMIN_HANDLE = { frame: 'own' } as const;
