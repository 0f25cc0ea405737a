/**
 * A ZIP-level rate file, in the columns the common free rate tables publish (Avalara's, one file per state): every
 * row is checked and every problem listed with its line; a file with any bad row writes nothing; a good file replaces
 * the rows of the states it covers, all in one transaction with its audit entry. docs/taxes.md has the columns.
 */
import { isUsStateCode, type UsStateCode, type ZipTaxRate } from '@everstone/contract';
import type { Engine } from '../../db/database.ts';
import type { Handle } from '../../db/tables.ts';
import { writeTransaction } from '../../db/transaction.ts';
import { readCsvFile, type CsvRecord } from '../../lib/csv.ts';
import { createTaxRateRepository } from './repository.ts';
import { taxTables } from './tables.ts';

/** The columns of a rate file, as published (RiskLevel, a rating of the estimate, is read and not kept). */
export const TAX_RATE_COLUMNS = {
  State: { required: true, help: 'the state’s two-letter code (DC included)' },
  ZipCode: { required: true, help: 'five digits (a spreadsheet’s dropped leading zeros are put back: 2108 is 02108)' },
  TaxRegionName: { required: true, help: 'the tax region’s name, as shown beside the county, city and district parts' },
  EstimatedCombinedRate: { required: true, help: 'the ZIP code’s whole rate as a fraction, 0.088750 for 8.875%' },
  StateRate: { required: true, help: 'the state’s part, a fraction' },
  EstimatedCountyRate: { required: true, help: 'the county’s part, a fraction' },
  EstimatedCityRate: { required: true, help: 'the city’s part, a fraction' },
  EstimatedSpecialRate: { required: true, help: 'special districts’ part, a fraction' },
  RiskLevel: { required: false, help: 'the publisher’s rating of the estimate; not used' },
} as const;
type Column = keyof typeof TAX_RATE_COLUMNS;

/** The highest rate a part or a whole may have (25%): above it, a typing slip or a percentage written as a fraction. */
export const MAX_RATE_MILLIONTHS = 250_000;
/** How far the combined rate may be from the sum of its parts: the publisher rounds each to six decimals. */
export const COMBINED_TOLERANCE_MILLIONTHS = 10;

/** The header lacks a column, or names one the file format does not have. */
export class TaxRateHeaderError extends Error {}

export interface TaxRateRowError {
  line: number;
  problems: string[];
}

/** A rate file read and checked: its good rows with their lines, and its bad ones. */
export interface TaxRateFile {
  rows: (ZipTaxRate & { line: number })[];
  errors: TaxRateRowError[];
}

/** What an import did: nothing when any row is bad; otherwise each state's rows now, and how many it had before. */
export interface TaxRateImportSummary {
  rows: number;
  applied: boolean;
  errors: TaxRateRowError[];
  states: { state: UsStateCode; rows: number; replaced: number }[];
}

/** What the audit log is told of an applied file, written in the import's own transaction. */
export interface TaxRateImportEntry {
  action: 'tax.import';
  subject: { type: 'tax'; id: 'zip-rates' };
  after: { file: string; rows: number; states: Record<string, number>; replaced: Record<string, number> };
}
export type RecordTaxRateImport = (trx: Handle, entry: TaxRateImportEntry) => Promise<void>;

/**
 * A rate as the file writes it, a decimal fraction ('0.088750', '.0625', '0') → millionths, read digit by digit.
 * Null when it is not a fraction from 0 to 0.25 with at most six decimals (a seventh that is not 0 would be rounded).
 */
export function parseRateFraction(text: string): number | null {
  const match = /^(\d*)(?:\.(\d+))?$/.exec(text.trim());
  if (!match || (match[1] === '' && match[2] === undefined)) return null;
  const decimals = match[2] ?? '';
  if (/[1-9]/.test(decimals.slice(6))) return null;
  const millionths = Number(match[1] || '0') * 1_000_000 + Number(decimals.slice(0, 6).padEnd(6, '0'));
  return Number.isSafeInteger(millionths) && millionths <= MAX_RATE_MILLIONTHS ? millionths : null;
}

/** Six decimals, as the file writes a rate: 88_750 → '0.088750'. */
export const rateFraction = (millionths: number) => `${Math.floor(millionths / 1_000_000)}.${String(millionths % 1_000_000).padStart(6, '0')}`;

function readHeader(fields: string[]): Map<Column, number> {
  const byName = new Map(Object.keys(TAX_RATE_COLUMNS).map((c) => [c.toLowerCase(), c as Column]));
  const header = new Map<Column, number>();
  fields.forEach((raw, i) => {
    const column = byName.get(raw.trim().toLowerCase());
    if (!column) throw new TaxRateHeaderError(`Unknown column "${raw.trim()}".`);
    if (header.has(column)) throw new TaxRateHeaderError(`The column "${column}" appears twice.`);
    header.set(column, i);
  });
  const missing = (Object.keys(TAX_RATE_COLUMNS) as Column[]).filter((c) => TAX_RATE_COLUMNS[c].required && !header.has(c));
  if (missing.length > 0) throw new TaxRateHeaderError(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`);
  return header;
}

const RATE_COLUMNS = ['EstimatedCombinedRate', 'StateRate', 'EstimatedCountyRate', 'EstimatedCityRate', 'EstimatedSpecialRate'] as const;

function parseRow(record: CsvRecord, header: Map<Column, number>): (ZipTaxRate & { line: number }) | TaxRateRowError {
  if (record.problem) return { line: record.line, problems: [record.problem === 'too-long' ? 'the row is too long' : 'a quoted field never closes'] };
  const get = (c: Column) => (header.has(c) ? (record.fields[header.get(c)!] ?? '').trim() : '');
  const problems: string[] = [];
  if (record.fields.length !== header.size) problems.push(`it has ${record.fields.length} fields where the header has ${header.size}`);

  const state = get('State').toUpperCase();
  if (!isUsStateCode(state)) problems.push(state === '' ? 'State is empty' : `State "${get('State')}" is not a US state’s code (AL … WY, or DC)`);
  const zipText = get('ZipCode');
  const zip = /^\d{3,5}$/.test(zipText) ? zipText.padStart(5, '0') : null;
  if (!zip || zip === '00000') problems.push(`ZipCode "${zipText}" is not a 5-digit ZIP code`);
  const region = get('TaxRegionName');
  if (region === '') problems.push('TaxRegionName is empty');
  else if (region.length > 100) problems.push('TaxRegionName is longer than 100 characters');

  const rates = RATE_COLUMNS.map((c) => {
    const rate = parseRateFraction(get(c));
    if (rate === null) problems.push(get(c) === '' ? `${c} is empty` : `${c} "${get(c)}" is not a rate from 0 to 0.25 written as a fraction with at most six decimals, such as 0.088750`);
    return rate;
  });
  const [combined, stateRate, county, city, special] = rates;
  if (rates.every((r) => r !== null)) {
    const sum = stateRate! + county! + city! + special!;
    if (Math.abs(combined! - sum) > COMBINED_TOLERANCE_MILLIONTHS) {
      problems.push(`EstimatedCombinedRate ${rateFraction(combined!)} is not the sum of the state, county, city and special rates (${rateFraction(sum)})`);
    }
  }
  if (problems.length > 0) return { line: record.line, problems };
  return {
    line: record.line,
    zip: zip!,
    state: state as UsStateCode,
    region,
    combinedMillionths: combined!,
    stateMillionths: stateRate!,
    countyMillionths: county!,
    cityMillionths: city!,
    specialMillionths: special!,
  };
}

/** Reads and checks a rate file: every row's problems, and a ZIP code filed twice for one state named on its second line. */
export async function readTaxRateFile(path: string): Promise<TaxRateFile> {
  let header: Map<Column, number> | null = null;
  const rows: TaxRateFile['rows'] = [];
  const errors: TaxRateRowError[] = [];
  const seen = new Map<string, number>();
  for await (const record of readCsvFile(path)) {
    if (!header) {
      header = readHeader(record.fields);
      continue;
    }
    if (record.fields.every((f) => f.trim() === '') && !record.problem) continue;
    const row = parseRow(record, header);
    if ('problems' in row) {
      errors.push(row);
      continue;
    }
    const key = `${row.state} ${row.zip}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ line: row.line, problems: [`ZIP code ${row.zip} (${row.state}) is also on line ${first}`] });
      continue;
    }
    seen.set(key, row.line);
    rows.push(row);
  }
  if (!header) throw new TaxRateHeaderError('The file is empty: it needs a header row.');
  if (rows.length === 0 && errors.length === 0) throw new TaxRateHeaderError('The file has a header and no rows.');
  return { rows, errors };
}

/**
 * Imports a rate file: nothing when any row is bad (the summary lists them); otherwise, in one transaction, the rows
 * of every state the file covers are replaced by the file's, and `record` writes the audit entry.
 */
export async function importTaxRateFile(
  d: { db: Handle; engine: Engine },
  path: string,
  options: { record: RecordTaxRateImport; now: () => Date; name?: string },
): Promise<TaxRateImportSummary> {
  const file = await readTaxRateFile(path);
  const rows = file.rows.length + file.errors.length;
  if (file.errors.length > 0) return { rows, applied: false, errors: file.errors, states: [] };

  const perState = new Map<UsStateCode, number>();
  for (const row of file.rows) perState.set(row.state, (perState.get(row.state) ?? 0) + 1);
  const states = [...perState.keys()].sort();
  const replaced = await writeTransaction({ db: taxTables(d.db), engine: d.engine }, async (trx) => {
    const repo = createTaxRateRepository(trx);
    const before = await repo.countByState();
    await repo.replaceStates(states, file.rows.map(({ line: _line, ...rate }) => rate), options.now().toISOString());
    const replaced = new Map(states.map((s) => [s, before.get(s) ?? 0]));
    await options.record(trx, {
      action: 'tax.import',
      subject: { type: 'tax', id: 'zip-rates' },
      after: { file: options.name ?? path, rows: file.rows.length, states: Object.fromEntries(perState), replaced: Object.fromEntries(replaced) },
    });
    return replaced;
  });
  return { rows, applied: true, errors: [], states: states.map((state) => ({ state, rows: perState.get(state)!, replaced: replaced.get(state)! })) };
}
