import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CloseIcon } from '../../components/ui/icons';
import { api, lazySchema } from '../../lib/api';
import { handOver } from '../../domain/diamond-handoff';
import { returnFocusOnClose } from '../../components/ui/lazy-dialog';

const listAnswer = lazySchema((c) => c.diamondListResponseSchema);

type State = { kind: 'idle' } | { kind: 'searching' } | { kind: 'none'; query: string } | { kind: 'error' };

/**
 * The header's search dialog: finds a diamond by its certificate number and opens its page. Loaded by the
 * search button (certificate-search.tsx) on its first press; closing gives focus back to that button.
 */
export default function CertificateSearchDialog({
  open,
  setOpen,
  returnFocusTo,
}: {
  open: boolean;
  setOpen(open: boolean): void;
  returnFocusTo: React.RefObject<HTMLElement | null>;
}) {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const navigate = useNavigate();

  async function search(event: React.FormEvent) {
    event.preventDefault();
    const certificate = query.trim();
    if (!certificate) return;
    setState({ kind: 'searching' });
    const params = new URLSearchParams({ certificate, per_page: '5' });
    const res = await api.get(`/api/get-all-diamonds?${params}`, listAnswer);
    if (!res.ok) {
      console.error(`The certificate search answered ${res.status}`);
      setState({ kind: 'error' });
      return;
    }
    // The API matches from the start of the number; only an exact match is the stone asked for.
    const match = res.data.data.find((d) => d.certificate_number.toUpperCase() === certificate.toUpperCase());
    if (!match) {
      setState({ kind: 'none', query: certificate });
      return;
    }
    setOpen(false);
    setState({ kind: 'idle' });
    setQuery('');
    handOver(match);
    navigate(`/diamond-details/${match.diamondid}`);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setState({ kind: 'idle' });
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog-content search-dialog"
          onCloseAutoFocus={returnFocusOnClose(returnFocusTo)}
        >
          <div className="dialog-head">
            <Dialog.Title className="dialog-title">Find a diamond</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="dialog-description">
            Enter the number on the stone's GIA or IGI grading report.
          </Dialog.Description>
          <form className="search-form" onSubmit={search} role="search">
            <label htmlFor="certificate-search" className="field-label">
              Certificate number
            </label>
            <div className="search-row">
              <input
                id="certificate-search"
                className="text-input"
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  if (state.kind !== 'searching') setState({ kind: 'idle' });
                }}
                autoComplete="off"
                spellCheck={false}
                placeholder="e.g. 6231234567 or LG612345678"
                required
              />
              <button type="submit" className="button" disabled={state.kind === 'searching'}>
                {state.kind === 'searching' ? 'Searching...' : 'Search'}
              </button>
            </div>
          </form>
          <div aria-live="polite" className="search-result">
            {state.kind === 'none' && (
              <p className="form-error">No diamond was found with certificate number {state.query}. Please check the number and try again.</p>
            )}
            {state.kind === 'error' && <p className="form-error">Something went wrong. Please try again later.</p>}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
