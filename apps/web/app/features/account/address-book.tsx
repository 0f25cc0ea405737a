import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ACCOUNT_FALLBACK_MESSAGES,
  MAX_ADDRESSES_PER_USER,
  addressListResponseSchema,
  addressSchema,
  messageResponseSchema,
  type Address,
} from '@everstone/contract';
import { api, type ApiFailure } from '../../lib/api';
import { AddressDialog, type AddressDialogState } from './address-dialog';
import { FormNotice, type Notice } from '../../components/ui/fields';

type Book = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; addresses: Address[] };

/** The signed-in user's addresses (GET /api/addresses: the default first). */
function useAddresses(onUnauthorized: () => void) {
  const [book, setBook] = useState<Book>({ status: 'loading' });
  const reload = useCallback(async () => {
    const res = await api.get('/api/addresses', addressListResponseSchema);
    if (res.ok) setBook({ status: 'ready', addresses: res.data.data });
    else if (res.status === 401) onUnauthorized();
    else {
      console.error(`The address book could not be loaded (${res.status})`);
      setBook({ status: 'failed' });
    }
  }, [onUnauthorized]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { book, reload };
}

const nameOf = (a: Address) => `${a.first_name} ${a.last_name}`;

function AddressLines({ address: a }: { address: Address }) {
  const cityLine = [a.address.city, [a.address.state, a.address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <address className="address-card__lines">
      <span className="address-card__name">{nameOf(a)}</span>
      {a.company && <span>{a.company}</span>}
      <span>{a.address.street}</span>
      {a.address.apartment && <span>{a.address.apartment}</span>}
      <span>{cityLine}</span>
      <span>{a.country}</span>
      <span className="address-card__phone">{a.phone_number}</span>
    </address>
  );
}

/** Asks before an address is deleted; focus goes back to the card's Delete button when kept. */
function DeleteDialog({
  address,
  onCancel,
  onConfirm,
  busy,
  returnFocus,
}: {
  address: Address | null;
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
  returnFocus: () => void;
}) {
  return (
    <Dialog.Root open={address !== null} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="profile-dialog profile-dialog--small"
          role="alertdialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <Dialog.Title className="profile-dialog__title">Delete this address?</Dialog.Title>
          <Dialog.Description className="profile-dialog__description">
            {address && (
              <>
                {nameOf(address)}, {address.address.street}, {address.address.city}
                {address.is_default ? '. It is your default address: your most recently saved other address becomes the default.' : '.'}
              </>
            )}
          </Dialog.Description>
          <div className="address-form__actions">
            <Dialog.Close type="button" className="button button--ghost">
              Keep address
            </Dialog.Close>
            <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
              {busy ? 'Deleting...' : 'Delete address'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The View Addresses tab (§2): the real address book, every change through the API. */
export function AddressBook({ onUnauthorized }: { onUnauthorized: () => void }) {
  const { book, reload } = useAddresses(onUnauthorized);
  const [dialog, setDialog] = useState<AddressDialogState | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // The element focus returns to when a dialog closes: the button that opened it, or the list's heading when
  // that button is gone (its address was deleted).
  const opener = useRef<HTMLElement | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const returnFocus = useCallback(() => {
    const target = opener.current?.isConnected ? opener.current : addRef.current && !addRef.current.disabled ? addRef.current : heading.current;
    target?.focus();
  }, []);
  // A card that became the default moves to the top and loses its 'Set as default' button: focus follows it.
  const [focusCard, setFocusCard] = useState<number | null>(null);
  useEffect(() => {
    if (focusCard === null) return;
    list.current?.querySelector<HTMLElement>(`[data-edit-for="${focusCard}"]`)?.focus();
    setFocusCard(null);
  }, [focusCard, book]);

  const addresses = book.status === 'ready' ? book.addresses : [];
  const full = addresses.length >= MAX_ADDRESSES_PER_USER;

  function open(next: AddressDialogState, event: React.MouseEvent<HTMLElement>) {
    opener.current = event.currentTarget;
    setNotice(null);
    setDialog(next);
  }

  function failed(failure: ApiFailure) {
    if (failure.status === 401) return onUnauthorized();
    setNotice({ kind: 'error', text: failure.message || ACCOUNT_FALLBACK_MESSAGES.generic });
  }

  async function saved(address: Address, verb: 'added' | 'updated') {
    await reload();
    setDialog(null);
    setNotice({ kind: 'success', text: `The address for ${nameOf(address)} has been ${verb}.` });
  }

  async function makeDefault(address: Address) {
    setBusy(address.id);
    setNotice(null);
    const res = await api.post(`/api/addresses/${address.id}/default`, undefined, addressSchema);
    if (res.ok) {
      await reload();
      setNotice({ kind: 'success', text: `The address for ${nameOf(address)} is now your default address.` });
      setFocusCard(address.id);
    } else failed(res);
    setBusy(null);
  }

  async function remove() {
    if (!deleting) return;
    setBusy(deleting.id);
    const res = await api.delete(`/api/addresses/${deleting.id}`, messageResponseSchema);
    if (res.ok) {
      await reload();
      setNotice({ kind: 'success', text: res.data.message || 'The address has been deleted.' });
    } else failed(res);
    setBusy(null);
    setDeleting(null);
  }

  const addButton = (label = 'Add a New Address') => (
    <button
      ref={addRef}
      type="button"
      className="button profile-add"
      onClick={(e) => open({ mode: 'add', first: addresses.length === 0 }, e)}
      disabled={book.status !== 'ready' || full}
      aria-describedby={full ? 'address-book-full' : undefined}
    >
      {label}
    </button>
  );

  return (
    <div className="profile-stack">
      <div className="address-book__head">
        <p className="profile-lead">
          Save the addresses you ship to most. Your default address is filled in for you at checkout.
        </p>
        {book.status === 'ready' && addresses.length > 0 && addButton()}
      </div>
      {full && (
        <p id="address-book-full" className="profile-hint">
          You have saved {MAX_ADDRESSES_PER_USER} addresses, the most an account can keep. Delete one to add another.
        </p>
      )}
      <FormNotice notice={notice} />

      <h3 id="address-list-title" ref={heading} tabIndex={-1} className="visually-hidden">
        Saved addresses
      </h3>
      {book.status === 'loading' && (
        <p className="profile-loading" role="status">
          Loading your addresses…
        </p>
      )}
      {book.status === 'failed' && (
        <div className="form-banner form-banner--error" role="alert">
          Your addresses could not be loaded.{' '}
          <button type="button" className="text-button" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )}
      {book.status === 'ready' && addresses.length === 0 && (
        <div className="profile-empty">
          <p className="profile-empty__title">Your address book is empty</p>
          <p className="profile-empty__text">Add an address now and checkout will fill it in for you next time.</p>
          {addButton()}
        </div>
      )}
      {addresses.length > 0 && (
        <ul ref={list} className="address-list" aria-labelledby="address-list-title">
          {addresses.map((a) => (
            <li key={a.id} className={a.is_default ? 'address-card address-card--default' : 'address-card'}>
              {a.is_default && <p className="address-card__badge">Default</p>}
              <AddressLines address={a} />
              <div className="address-card__actions">
                <button
                  type="button"
                  className="text-button"
                  data-edit-for={a.id}
                  onClick={(e) => open({ mode: 'edit', address: a }, e)}
                  aria-label={`Edit the address for ${nameOf(a)}, ${a.address.street}`}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="text-button"
                  onClick={(e) => {
                    opener.current = e.currentTarget;
                    setNotice(null);
                    setDeleting(a);
                  }}
                  aria-label={`Delete the address for ${nameOf(a)}, ${a.address.street}`}
                >
                  Delete
                </button>
                {!a.is_default && (
                  <button
                    type="button"
                    className="text-button"
                    disabled={busy === a.id}
                    onClick={() => void makeDefault(a)}
                    aria-label={`Set as default address: ${nameOf(a)}, ${a.address.street}`}
                  >
                    Set as default address
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <AddressDialog state={dialog} onClose={() => setDialog(null)} onSaved={saved} returnFocus={returnFocus} />
      <DeleteDialog
        address={deleting}
        busy={deleting !== null && busy === deleting.id}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
        returnFocus={returnFocus}
      />
    </div>
  );
}
