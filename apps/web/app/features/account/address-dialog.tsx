import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { ACCOUNT_FALLBACK_MESSAGES, DELIVERY_COUNTRIES, addressRequestSchema, addressSchema, type Address } from '@everstone/contract';
import { api } from '../../lib/api';
import { CloseIcon } from '../../components/ui/icons';
import { FormNotice, errorsFromIssues } from '../../components/ui/fields';
import { Field, answerFrom, refusedBeforeSending, useForm, type InputFieldProps } from '../../components/ui/form';

/** The modal form's fields (§2 Profile), named by the API's keys so the server's 422 lands beside them. */
const FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address.street',
  'address.apartment',
  'address.city',
  'address.state',
  'address.zip',
  'country',
  'phone_number',
] as const;
type AddressField = (typeof FIELDS)[number];
type Values = Record<AddressField, string> & { is_default: boolean };

const EMPTY: Values = {
  first_name: '',
  last_name: '',
  company: '',
  'address.street': '',
  'address.apartment': '',
  'address.city': '',
  'address.state': '',
  'address.zip': '',
  country: DELIVERY_COUNTRIES[0],
  phone_number: '',
  is_default: false,
};

const valuesOf = (a: Address): Values => ({
  first_name: a.first_name,
  last_name: a.last_name,
  company: a.company ?? '',
  'address.street': a.address.street,
  'address.apartment': a.address.apartment ?? '',
  'address.city': a.address.city,
  'address.state': a.address.state ?? '',
  'address.zip': a.address.zip,
  country: a.country,
  phone_number: a.phone_number,
  is_default: a.is_default,
});

/** The payload of POST /api/addresses and PUT /api/addresses/:id. An edit keeps the shopper's offers choice. */
function payloadOf(v: Values, editing: Address | null) {
  return {
    first_name: v.first_name,
    last_name: v.last_name,
    company: v.company,
    country: v.country,
    address: {
      street: v['address.street'],
      apartment: v['address.apartment'],
      city: v['address.city'],
      state: v['address.state'],
      zip: v['address.zip'],
    },
    phone_number: v.phone_number,
    is_get_offer: editing?.is_get_offer ?? 0,
    is_default: v.is_default,
  };
}

export type AddressDialogState = { mode: 'add'; first: boolean } | { mode: 'edit'; address: Address };

function AddressForm({ state, onSaved }: { state: AddressDialogState; onSaved: (address: Address, verb: 'added' | 'updated') => void }) {
  const editing = state.mode === 'edit' ? state.address : null;
  // The first address is always the default, and the default stays the default until another is chosen.
  const defaultLocked = state.mode === 'add' ? state.first : state.address.is_default;
  const [values, setValues] = useState<Values>(() => (editing ? valuesOf(editing) : { ...EMPTY, is_default: defaultLocked }));
  const fallback = ACCOUNT_FALLBACK_MESSAGES.generic;
  const corrected = ACCOUNT_FALLBACK_MESSAGES.correctFields;

  // The shopper's token is in the browser, so the call leaves from here.
  const form = useForm({
    fields: FIELDS,
    resetOnSuccess: false,
    // A changed country can make a postal code right or wrong: its message goes with either.
    covers: { country: ['address.zip'] },
    send: async () => {
      // The contract's own rules first, so the shopper sees the server's messages without a round trip.
      const checked = addressRequestSchema.safeParse(payloadOf(values, editing));
      if (!checked.success) return refusedBeforeSending(errorsFromIssues(checked.error.issues), { kind: 'error', text: corrected });
      const res = editing
        ? await api.put(`/api/addresses/${editing.id}`, checked.data, addressSchema)
        : await api.post('/api/addresses', checked.data, addressSchema);
      if (res.ok) onSaved(res.data, editing ? 'updated' : 'added');
      return answerFrom(res, { fields: FIELDS, fallback, corrected });
    },
  });

  const text = (field: AddressField, label: string, extra: Partial<Omit<InputFieldProps<AddressField>, 'form' | 'name' | 'label'>> = {}) => (
    <Field
      form={form}
      name={field}
      label={label}
      required={!extra.optional}
      value={values[field]}
      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      {...extra}
    />
  );

  return (
    <form.Form {...form.props} className="address-form" noValidate aria-label={editing ? 'Edit address' : 'Add a new address'}>
      <div className="profile-grid">
        {text('first_name', 'First name', { autoComplete: 'given-name' })}
        {text('last_name', 'Last name', { autoComplete: 'family-name' })}
        {text('company', 'Company', { optional: true, wide: true, autoComplete: 'organization' })}
        {text('address.street', 'Address', { wide: true, autoComplete: 'address-line1', placeholder: 'Street and number' })}
        {text('address.apartment', 'Apartment, suite, etc.', { optional: true, wide: true, autoComplete: 'address-line2' })}
        {text('address.city', 'City', { autoComplete: 'address-level2' })}
        {text('address.state', values.country === 'Canada' ? 'Province' : 'State', { optional: true, autoComplete: 'address-level1' })}
        <Field
          form={form}
          as="select"
          name="country"
          label="Country"
          autoComplete="country-name"
          value={values.country}
          onChange={(e) => setValues((v) => ({ ...v, country: e.target.value }))}
        >
          {DELIVERY_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Field>
        {text('address.zip', values.country === 'Canada' ? 'Postal code' : 'ZIP code', { autoComplete: 'postal-code' })}
        {text('phone_number', 'Phone', { wide: true, type: 'tel', autoComplete: 'tel' })}
        <div className="form-field form-field--wide">
          <label className="profile-check">
            <input
              type="checkbox"
              name="is_default"
              checked={values.is_default}
              disabled={defaultLocked}
              aria-describedby={defaultLocked ? 'address-default-note' : undefined}
              onChange={(e) => setValues((v) => ({ ...v, is_default: e.target.checked }))}
            />
            <span>Set as default address</span>
          </label>
          {defaultLocked && (
            <p id="address-default-note" className="profile-hint">
              {state.mode === 'add'
                ? 'Your first address becomes your default address.'
                : 'This is your default address. To change it, make another address the default.'}
            </p>
          )}
        </div>
      </div>
      <FormNotice notice={form.notice} />
      <div className="address-form__actions">
        <Dialog.Close type="button" className="button button--ghost">
          Cancel
        </Dialog.Close>
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? 'Saving...' : editing ? 'Edit Address' : 'Add Address'}
        </button>
      </div>
    </form.Form>
  );
}

/**
 * The address modal (§2 Profile). Focus goes back to the button that opened it, which the page passes in:
 * the dialog is opened from several buttons (Add, each card's Edit), so Radix's own trigger return cannot know.
 */
export function AddressDialog({
  state,
  onClose,
  onSaved,
  returnFocus,
}: {
  state: AddressDialogState | null;
  onClose: () => void;
  onSaved: (address: Address, verb: 'added' | 'updated') => void;
  returnFocus: () => void;
}) {
  const key = state ? (state.mode === 'add' ? 'add' : `edit-${state.address.id}`) : 'closed';
  return (
    <Dialog.Root open={state !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="profile-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className="profile-dialog__head">
            <Dialog.Title className="profile-dialog__title">{state?.mode === 'edit' ? 'Edit Address' : 'Add a New Address'}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="profile-dialog__description">
            We deliver to the United States and Canada. Fields marked optional may be left empty.
          </Dialog.Description>
          {state && <AddressForm key={key} state={state} onSaved={onSaved} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
