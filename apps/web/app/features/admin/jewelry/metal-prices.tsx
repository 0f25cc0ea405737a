import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  METAL_IDS,
  METAL_PRICE_MAX_CENTS,
  METAL_PRICE_MIN_CENTS,
  adminMetalPricesRequestSchema,
  adminMetalPricesSavedSchema,
  centsToPrice,
  formatCents,
  priceToCents,
  type AdminMetalPrice,
  type AdminMetalPricesRequest,
  type AdminMetalPricesSaved,
  type MetalId,
} from '@everstone/contract';
import { errorsFromIssues, type FieldErrors } from '../../../components/ui/fields';
import { FieldError, describedBy } from '../../../components/ui/field-errors';
import { answerFrom, refusedBeforeSending, useForm, type FormAnswer } from '../../../components/ui/form';
import { PageHead, useAdminSession } from '../kit/frame';
import { adminApi, isSignedOut, pathOf, signInPath } from '../kit/admin-api';
import { JewelryStyles, PRODUCTS_PATH } from './product-links';
import { DialogActions } from '../kit/dialog-actions';
import { formatDayTime } from '../kit/format';
import { OutcomeBanner } from '../kit/lists';
import { TableScroll } from '../kit/table';
import { useReauth } from '../kit/reauth';

const FALLBACK = 'The metal prices could not be saved. Please try again in a moment.';

/** Each metal's price is posted under the metal's id; a message no metal's field shows is the form's. */
const PRICE_FIELDS = [...METAL_IDS, 'form'] as const;
type PriceField = (typeof PRICE_FIELDS)[number];
/** A price corrected drops the form's message with its own. */
const COVERS = Object.fromEntries(METAL_IDS.map((m) => [m, ['form']])) as Partial<Record<PriceField, readonly string[]>>;

type Change = { metal: MetalId; label: string; from: number; to: number; variants: number };
/** The changes the confirmation shows, and how it ends: the saved answer for the table's line, or null (gone back). */
type Asking = { changes: Change[]; end: (answer: FormAnswer<PriceField> | null) => void };

/**
 * /admin/products/metals: what each metal costs a gram as the catalog works it into its pieces, and how many variants
 * are made in it. Owners change the prices (every variant in a changed metal is re-priced, after a confirmation and
 * the password entered lately); staff read them.
 *
 * Two steps, each a form of the kit: the table's form checks the typed prices and asks for the confirmation, whose
 * own form sends them. The table's form waits for the confirmation's end, so its line says what the change came to.
 */
export function MetalPrices({ initial }: { initial: AdminMetalPrice[] }) {
  const id = useId();
  const session = useAdminSession();
  const owner = session?.role === 'owner';
  const opener = useRef<HTMLButtonElement>(null);
  const [metals, setMetals] = useState(initial);
  const [asking, setAsking] = useState<Asking | null>(null);

  /** Checks the typed prices and, when some changed, waits for the confirmation to send them. */
  async function review(values: Record<PriceField, string>): Promise<FormAnswer<PriceField> | null> {
    // A price that is not an amount counts as changed.
    const edited = metals.filter((m) => priceToCents(values[m.metal]) !== m.cents_per_gram);
    if (edited.length === 0) return refusedBeforeSending({}, { kind: 'success', text: 'No price has changed: there is nothing to save.' });
    const request: AdminMetalPricesRequest = { prices: edited.map((m) => ({ metal: m.metal, per_gram: values[m.metal].trim() })) };
    const parsed = adminMetalPricesRequestSchema.safeParse(request);
    if (!parsed.success) {
      // 'prices.2.per_gram' is the third changed metal's field.
      const byMetal: FieldErrors = {};
      for (const [key, messages] of Object.entries(errorsFromIssues(parsed.error.issues))) {
        const index = /^prices\.(\d+)/.exec(key)?.[1];
        const metal = index === undefined ? undefined : edited[Number(index)]?.metal;
        byMetal[metal ?? 'form'] = messages;
      }
      return refusedBeforeSending(byMetal);
    }
    const changes = parsed.data.prices.map((p) => {
      const m = metals.find((x) => x.metal === p.metal)!;
      return { metal: p.metal, label: m.label, from: m.cents_per_gram, to: p.per_gram, variants: m.variants };
    });
    return new Promise((resolve) =>
      setAsking({
        changes,
        end: (answer) => {
          setAsking(null);
          resolve(answer);
        },
      }),
    );
  }

  /** The prices as the server now has them: the table shows them, and its line says so. */
  function saved(data: AdminMetalPricesSaved) {
    setMetals(data.metals);
    asking?.end({ status: 200, ok: true, notice: { kind: 'success', text: data.message }, errors: {}, values: {} });
  }

  // The table sets its fields itself (afresh from the saved prices), so a success does not empty them.
  const form = useForm({ fields: PRICE_FIELDS, covers: COVERS, resetOnSuccess: false, send: review });

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
        <OutcomeBanner outcome={form.notice} />
      </div>
      {!owner && <p className="adm-panel adm-metals__readonly">Only owners change metal prices. Ask an owner when a price needs to change.</p>}
      <form.Form {...form.props} className="adm-metals" aria-label="Metal prices" noValidate>
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
                const field = `${form.id}-${m.metal}`;
                return (
                  <tr key={m.metal}>
                    <th scope="row">{owner ? <label htmlFor={field}>{m.label}</label> : m.label}</th>
                    <td className="adm-num">
                      {owner ? (
                        // Not the kit's Field: the label is the row's header and the unit stands before the amount.
                        <div className="adm-metals__field">
                          <span className="adm-metals__unit" aria-hidden="true">
                            $
                          </span>
                          <input
                            // A saved price shows afresh; what is typed stays while it is not saved.
                            key={m.cents_per_gram}
                            id={field}
                            name={m.metal}
                            type="text"
                            inputMode="decimal"
                            autoComplete="off"
                            spellCheck={false}
                            maxLength={12}
                            className="form-control adm-control adm-metals__input"
                            defaultValue={centsToPrice(m.cents_per_gram)}
                            onChange={() => form.clear(m.metal)}
                            {...describedBy(form.id, form.errors, m.metal, `${id}-limits`)}
                          />
                          <FieldError formId={form.id} errors={form.errors} field={m.metal} />
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
            <FieldError formId={form.id} errors={form.errors} field="form" />
            <button ref={opener} type="submit" className="adm-button" aria-haspopup="dialog">
              Save changed prices
            </button>
          </div>
        )}
      </form.Form>

      <Dialog.Root
        open={asking !== null}
        onOpenChange={(next) => {
          if (!next) asking?.end(null);
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="adm-dialog-overlay" />
          {asking && <Confirmation changes={asking.changes} onSaved={saved} returnTo={opener} />}
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

/**
 * The second step: what will change, and the form that sends it (through the password, when the server asks for it
 * again). Its failure is said in the dialog, which stays open; it cannot be left while the prices are on their way.
 */
function Confirmation({
  changes,
  onSaved,
  returnTo,
}: {
  changes: Change[];
  onSaved: (data: AdminMetalPricesSaved) => void;
  returnTo: React.RefObject<HTMLButtonElement | null>;
}) {
  const run = useReauth();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm({
    fields: [],
    send: async () => {
      const body: AdminMetalPricesRequest = { prices: changes.map((c) => ({ metal: c.metal, per_gram: centsToPrice(c.to) })) };
      const result = await run(() => adminApi.put('/api/admin/metal-prices', body, adminMetalPricesSavedSchema));
      // The password prompt was cancelled: nothing was done, and the confirmation stays to be taken or left.
      if (result === null) return null;
      if (result.ok) {
        onSaved(result.data);
        return null;
      }
      if (isSignedOut(result)) {
        await navigate(signInPath(pathOf(location), true));
        return null;
      }
      return answerFrom(result, { fields: [], fallback: FALLBACK });
    },
  });
  const stay = (event: Event) => {
    if (form.busy) event.preventDefault();
  };

  const repriced = changes.reduce((sum, c) => sum + c.variants, 0);
  return (
    <Dialog.Content
      className="adm-dialog"
      onEscapeKeyDown={stay}
      onInteractOutside={stay}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnTo.current?.focus();
      }}
    >
      <Dialog.Title className="adm-dialog__title">Change the metal prices</Dialog.Title>
      <Dialog.Description asChild>
        <div className="adm-dialog__text">
          <p>
            {repriced.toLocaleString('en-US')} {repriced === 1 ? 'variant' : 'variants'} will be re-priced at once, on the storefront too. Orders already placed
            keep their prices.
          </p>
          <ul className="adm-metals__changes">
            {changes.map((c) => (
              <li key={c.metal}>
                {c.label}: {formatCents(c.from)} → {formatCents(c.to)} a gram
              </li>
            ))}
          </ul>
        </div>
      </Dialog.Description>
      <form.Form {...form.props}>
        <DialogActions error={form.notice?.text ?? null} sending={form.busy} label="Change the prices" busyLabel="Re-pricing…" />
      </form.Form>
    </Dialog.Content>
  );
}
