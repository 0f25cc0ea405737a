import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  METAL_PRICE_MAX_CENTS,
  METAL_PRICE_MIN_CENTS,
  adminMetalPricesRequestSchema,
  adminMetalPricesSavedSchema,
  centsToPrice,
  formatCents,
  priceToCents,
  type AdminMetalPrice,
  type AdminMetalPricesRequest,
  type MetalId,
} from '@everstone/contract';
import { errorsFromIssues, showFieldErrors, type FieldErrors } from '../../../components/ui/fields';
import { FieldError, describedBy, withoutField } from '../../../components/ui/field-errors';
import { PageHead, useAdminSession } from '../kit/frame';
import { adminApi, isSignedOut, pathOf, signInPath } from '../kit/admin-api';
import { JewelryStyles, PRODUCTS_PATH } from './product-links';
import { DialogActions } from '../kit/dialog-actions';
import { formatDayTime } from '../kit/format';
import { OutcomeBanner, type Outcome } from '../kit/lists';
import { TableScroll } from '../kit/table';
import { useReauth } from '../kit/reauth';

const FALLBACK = 'The metal prices could not be saved. Please try again in a moment.';

type Change = { metal: MetalId; label: string; from: number; to: number; variants: number };

/**
 * /admin/products/metals: what each metal costs a gram as the catalog works it into its pieces, and how many variants
 * are made in it. Owners change the prices (every variant in a changed metal is re-priced, after a confirmation and
 * the password entered lately); staff read them.
 */
export function MetalPrices({ initial }: { initial: AdminMetalPrice[] }) {
  const id = useId();
  const session = useAdminSession();
  const owner = session?.role === 'owner';
  const run = useReauth();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [metals, setMetals] = useState(initial);
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(initial.map((m) => [m.metal, centsToPrice(m.cents_per_gram)])));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, setPending] = useState<Change[] | null>(null);
  const [sending, setSending] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);

  /** The metals whose typed price differs from the saved one (a price that is not an amount counts as changed). */
  const edited = metals.filter((m) => priceToCents(texts[m.metal] ?? '') !== m.cents_per_gram);

  function review(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (edited.length === 0) {
      setOutcome({ kind: 'success', text: 'No price has changed: there is nothing to save.' });
      return;
    }
    const request: AdminMetalPricesRequest = { prices: edited.map((m) => ({ metal: m.metal, per_gram: (texts[m.metal] ?? '').trim() })) };
    const parsed = adminMetalPricesRequestSchema.safeParse(request);
    if (!parsed.success) {
      // 'prices.2.per_gram' is the third changed metal's field.
      const found = errorsFromIssues(parsed.error.issues);
      const byMetal: FieldErrors = {};
      for (const [key, messages] of Object.entries(found)) {
        const index = /^prices\.(\d+)/.exec(key)?.[1];
        const metal = index === undefined ? undefined : edited[Number(index)]?.metal;
        byMetal[metal ?? 'form'] = messages;
      }
      showFieldErrors(byMetal, setErrors, form);
      return;
    }
    setErrors({});
    setOutcome(null);
    setDialogError(null);
    setPending(
      parsed.data.prices.map((p) => {
        const m = metals.find((x) => x.metal === p.metal)!;
        return { metal: p.metal, label: m.label, from: m.cents_per_gram, to: p.per_gram, variants: m.variants };
      }),
    );
  }

  async function confirm() {
    if (!pending || sending) return;
    setSending(true);
    setDialogError(null);
    const body: AdminMetalPricesRequest = { prices: pending.map((c) => ({ metal: c.metal, per_gram: centsToPrice(c.to) })) };
    const result = await run(() => adminApi.put('/api/admin/metal-prices', body, adminMetalPricesSavedSchema));
    setSending(false);
    if (result === null) return;
    if (result.ok) {
      setMetals(result.data.metals);
      setTexts(Object.fromEntries(result.data.metals.map((m) => [m.metal, centsToPrice(m.cents_per_gram)])));
      setPending(null);
      setOutcome({ kind: 'success', text: result.data.message });
      return;
    }
    if (isSignedOut(result)) {
      await navigate(signInPath(pathOf(location), true));
      return;
    }
    setDialogError(result.message ?? FALLBACK);
  }

  const repriced = (pending ?? []).reduce((sum, c) => sum + c.variants, 0);
  const limits = `From ${formatCents(METAL_PRICE_MIN_CENTS)} to ${formatCents(METAL_PRICE_MAX_CENTS)} a gram.`;
  return (
    <>
      <JewelryStyles />
      <nav className="adm-crumbs" aria-label="Breadcrumb">
        <Link to={PRODUCTS_PATH}>Catalog</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">Metal prices</span>
      </nav>
      <PageHead
        title="Metal prices"
        lead="What each metal costs a gram as the catalog prices its pieces. A new price re-prices every variant made in that metal; orders already placed keep their prices."
      />
      <div className="adm-order__status" role="status" tabIndex={-1}>
        <OutcomeBanner outcome={outcome} />
      </div>
      {!owner && <p className="adm-panel adm-metals__readonly">Only owners change metal prices. Ask an owner when a price needs to change.</p>}
      <form ref={form} className="adm-metals" aria-label="Metal prices" noValidate onSubmit={review}>
        <TableScroll label="Metal prices">
          <table className="adm-table adm-table--metals">
            <caption className="visually-hidden">Metals and their price a gram</caption>
            <thead>
              <tr>
                <th scope="col">Metal</th>
                <th scope="col" className="adm-num">
                  Price a gram
                </th>
                <th scope="col" className="adm-num">
                  Variants made in it
                </th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {metals.map((m) => {
                const field = `${id}-${m.metal}`;
                return (
                  <tr key={m.metal}>
                    <th scope="row">{owner ? <label htmlFor={field}>{m.label}</label> : m.label}</th>
                    <td className="adm-num">
                      {owner ? (
                        <div className="adm-metals__field">
                          <span className="adm-metals__unit" aria-hidden="true">
                            $
                          </span>
                          <input
                            id={field}
                            name={m.metal}
                            type="text"
                            inputMode="decimal"
                            autoComplete="off"
                            spellCheck={false}
                            maxLength={12}
                            className="form-control adm-control adm-metals__input"
                            value={texts[m.metal] ?? ''}
                            onChange={(e) => {
                              const value = e.target.value;
                              setTexts((all) => ({ ...all, [m.metal]: value }));
                              setErrors((all) => withoutField(all, m.metal, 'form'));
                            }}
                            {...describedBy(id, errors, m.metal, `${id}-limits`)}
                          />
                          <FieldError formId={id} errors={errors} field={m.metal} />
                        </div>
                      ) : (
                        formatCents(m.cents_per_gram)
                      )}
                    </td>
                    <td className="adm-num">{m.variants.toLocaleString('en-US')}</td>
                    <td>
                      <time className="adm-nowrap" dateTime={m.updated_at}>
                        {formatDayTime(m.updated_at)}
                      </time>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
        {owner && (
          <div className="adm-metals__actions">
            <p id={`${id}-limits`} className="adm-field-note">
              US dollars a gram. {limits}
            </p>
            <FieldError formId={id} errors={errors} field="form" />
            <button ref={opener} type="submit" className="adm-button" aria-haspopup="dialog">
              Save changed prices
            </button>
          </div>
        )}
      </form>

      <Dialog.Root
        open={pending !== null}
        onOpenChange={(next) => {
          if (!next && !sending) setPending(null);
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="adm-dialog-overlay" />
          <Dialog.Content
            className="adm-dialog"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          >
            <Dialog.Title className="adm-dialog__title">Change the metal prices</Dialog.Title>
            <Dialog.Description asChild>
              <div className="adm-dialog__text">
                <p>
                  {repriced.toLocaleString('en-US')} {repriced === 1 ? 'variant' : 'variants'} will be re-priced at once, on the storefront too. Orders already
                  placed keep their prices.
                </p>
                <ul className="adm-metals__changes">
                  {(pending ?? []).map((c) => (
                    <li key={c.metal}>
                      {c.label}: {formatCents(c.from)} → {formatCents(c.to)} a gram
                    </li>
                  ))}
                </ul>
              </div>
            </Dialog.Description>
            <DialogActions error={dialogError} sending={sending} label="Change the prices" busyLabel="Re-pricing…" onConfirm={() => void confirm()} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
