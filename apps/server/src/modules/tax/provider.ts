/**
 * The tax seam: what the checkout asks for an order's tax. The store's own `tableTaxProvider` answers from the
 * contract's rules (the default table, and a ZIP code's imported row); a store that wants a hosted tax service
 * (Avalara AvaTax, TaxJar, Stripe Tax) implements `TaxProvider` with that service's API and passes it in instead.
 * docs/taxes.md, "Plugging in a tax service", says what such a provider must do; the tests use the table provider
 * and fakes, and never call out.
 */
import { locateUsZip, taxOf, usZip5, type TaxDestination, type TaxNexus, type TaxQuote, type ZipTaxRate } from '@everstone/contract';
import type { Handle } from '../../db/tables.ts';
import { createTaxRateRepository } from './repository.ts';
import { taxTables } from './tables.ts';

/** What the store asks of any tax provider. */
export interface TaxProvider {
  /** Which provider answered ('table', 'avatax', …), for the logs and the order's records. */
  readonly id: string;
  /**
   * The tax of each line (its total in cents, after any discount, as priceLines gives it) shipped to `destination`,
   * rounded per line, in the order given; or the message to show when the ZIP or postal code cannot be placed. A
   * provider that cannot answer (a service down) throws: the checkout then refuses the order rather than charge
   * a guessed tax.
   *
   * `options.tx`: the transaction the caller is in, when it asks from inside one. The table provider reads its row
   * with it, because on SQLite a read through the pool waits for the connection that transaction holds; a hosted
   * provider ignores it (and is best asked before the transaction opens, as a network call inside one holds it).
   */
  quote(destination: TaxDestination, lines: readonly { totalCents: number }[], options?: { tx?: Handle }): Promise<TaxQuote>;
}

/**
 * The row that decides a ZIP code: its only one, or, for a ZIP code filed in two states' files (one on a state
 * line), the one of the state its prefix names; else the first by state code.
 */
export function zipRowFor(zip: string, rows: readonly ZipTaxRate[]): ZipTaxRate | null {
  if (rows.length <= 1) return rows[0] ?? null;
  const located = locateUsZip(zip);
  const prefixState = located.ok && located.region.kind === 'state' ? located.region.code : null;
  return rows.find((r) => r.state === prefixState) ?? rows[0]!;
}

/**
 * The store's own provider: the contract's rules under `nexus`, with the destination ZIP code's imported row when
 * there is one (it wins over the state's default), else the default table.
 */
export function createTableTaxProvider(deps: { db: Handle; nexus: TaxNexus }): TaxProvider {
  return {
    id: 'table',
    async quote(destination, lines, options = {}) {
      const zip = destination.country === 'United States' ? usZip5(destination.postal) : null;
      const zipRate = zip ? zipRowFor(zip, await createTaxRateRepository(taxTables(options.tx ?? deps.db)).ratesForZip(zip)) : null;
      return taxOf(destination, lines, { nexus: deps.nexus, zipRate });
    },
  };
}
