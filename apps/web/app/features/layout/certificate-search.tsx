import { Suspense, lazy } from 'react';
import { SearchIcon } from '../../components/ui/icons';
import { useLazyDialog } from '../../components/ui/lazy-dialog';

const loadDialog = () => import('./certificate-search-dialog');
const CertificateSearchDialog = lazy(loadDialog);

/** The header's search button: opens the certificate search (certificate-search-dialog.tsx). */
export function CertificateSearch({ className }: { className?: string }) {
  const dialog = useLazyDialog(loadDialog);
  return (
    <>
      <button className={className} aria-label="Search by certificate number" {...dialog.buttonProps}>
        <SearchIcon />
      </button>
      {dialog.wanted && (
        <Suspense fallback={null}>
          <CertificateSearchDialog open={dialog.open} setOpen={dialog.setOpen} returnFocusTo={dialog.button} />
        </Suspense>
      )}
    </>
  );
}
