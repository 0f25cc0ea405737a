/**
 * Fits the natural-diamond price model on ggplot2's `diamonds` data set and writes the coefficients next to
 * this file, so the store (and a newcomer's clone, which lacks the CSV) prices stones without the data.
 *
 *   npx node apps/server/src/modules/inventory/calibrate.ts [path-to-diamonds.csv]
 *
 * Model: ln(price) = intercept + caratExponent·ln(carat) + color[c] + clarity[q] + cut[k], by ordinary least
 * squares with one dummy per grade (the worst grade of each scale is the baseline, offset 0).
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCsvFile } from './import.ts';

// ggplot2's scales, worst first: the first grade of each is the baseline absorbed by the intercept.
export const GGPLOT_SCALES = {
  cut: ['Fair', 'Good', 'Very Good', 'Premium', 'Ideal'],
  color: ['J', 'I', 'H', 'G', 'F', 'E', 'D'],
  clarity: ['I1', 'SI2', 'SI1', 'VS2', 'VS1', 'VVS2', 'VVS1', 'IF'],
} as const;

type GradeScale = keyof typeof GGPLOT_SCALES;
const SCALE_ORDER: GradeScale[] = ['color', 'clarity', 'cut'];

interface Observation {
  carat: number;
  price: number;
  grades: Record<GradeScale, number>;
}

/**
 * The data set holds no stone dearer than $18,823: above about 2 ct only the cheaper grades made it in, so
 * those rows would drag the fit down (the residuals turn sharply negative past 2.2 ct). Fitting on the
 * uncensored part and extrapolating with its carat exponent is the honest choice.
 */
export const FIT_MAX_CARAT = 2.0;

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../../../..');
const DEFAULT_CSV = resolve(repoRoot, '../shared/data/diamonds-ggplot2.csv');
const OUTPUT = join(here, 'price-coefficients.json');

async function readObservations(path: string): Promise<Observation[]> {
  const rows: Observation[] = [];
  let columns: Map<string, number> | undefined;
  for await (const record of readCsvFile(path)) {
    if (!columns) {
      columns = new Map(record.fields.map((name, i) => [name.trim().toLowerCase(), i]));
      for (const needed of ['carat', 'price', ...SCALE_ORDER]) {
        if (!columns.has(needed)) throw new Error(`${path}: no '${needed}' column`);
      }
      continue;
    }
    const get = (name: string) => record.fields[columns!.get(name)!] ?? '';
    const carat = Number(get('carat'));
    const price = Number(get('price'));
    const grades = {} as Record<GradeScale, number>;
    for (const scale of SCALE_ORDER) {
      grades[scale] = (GGPLOT_SCALES[scale] as readonly string[]).indexOf(get(scale));
    }
    if (!(carat > 0 && price > 0) || SCALE_ORDER.some((s) => grades[s] < 0)) {
      throw new Error(`${path}: line ${record.line} is not a ggplot2 diamonds row`);
    }
    rows.push({ carat, price, grades });
  }
  return rows;
}

/** The design row: intercept, ln(carat), then one 0/1 column per non-baseline grade of each scale. */
function features(o: Observation): number[] {
  const x = [1, Math.log(o.carat)];
  for (const scale of SCALE_ORDER) {
    for (let g = 1; g < GGPLOT_SCALES[scale].length; g++) x.push(o.grades[scale] === g ? 1 : 0);
  }
  return x;
}

/** Solves A·x = b by Gaussian elimination with partial pivoting (A is small and well conditioned). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]!;
    if (Math.abs(p[col]!) < 1e-12) throw new Error('The design matrix is singular: a grade never occurs');
    for (let r = col + 1; r < n; r++) {
      const row = m[r]!;
      const f = row[col]! / p[col]!;
      for (let c = col; c <= n; c++) row[c]! -= f * p[c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let c = r + 1; c < n; c++) s -= m[r]![c]! * x[c]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

function fit(rows: Observation[]) {
  const k = features(rows[0]!).length;
  const xtx = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const xty = new Array<number>(k).fill(0);
  for (const o of rows) {
    const x = features(o);
    const y = Math.log(o.price);
    for (let i = 0; i < k; i++) {
      xty[i]! += x[i]! * y;
      for (let j = 0; j < k; j++) xtx[i]![j]! += x[i]! * x[j]!;
    }
  }
  const beta = solve(xtx, xty);

  const logs = rows.map((o) => Math.log(o.price));
  const mean = logs.reduce((s, y) => s + y, 0) / logs.length;
  let ssRes = 0;
  let ssTot = 0;
  let smear = 0;
  rows.forEach((o, i) => {
    const e = logs[i]! - features(o).reduce((s, x, j) => s + x * beta[j]!, 0);
    ssRes += e * e;
    ssTot += (logs[i]! - mean) ** 2;
    smear += Math.exp(e);
  });
  return {
    beta,
    rSquared: 1 - ssRes / ssTot,
    residualSd: Math.sqrt(ssRes / (rows.length - k)),
    // Duan's smearing factor: exp of a mean log price underestimates the mean price by this much.
    smearing: smear / rows.length,
  };
}

const round = (x: number, digits = 5) => Number(x.toFixed(digits));

function coefficientsJson(rows: Observation[], result: ReturnType<typeof fit>) {
  const { beta } = result;
  let next = 2;
  const offsets = {} as Record<GradeScale, Record<string, number>>;
  for (const scale of SCALE_ORDER) {
    offsets[scale] = {};
    GGPLOT_SCALES[scale].forEach((grade, g) => {
      offsets[scale][grade] = g === 0 ? 0 : round(beta[next++]!);
    });
  }
  const carats = rows.map((o) => o.carat);
  return {
    source: 'ggplot2 diamonds data set: round diamonds, 2008 retail asking prices in USD',
    model: 'ln(price) = intercept + caratExponent * ln(carat) + color[c] + clarity[q] + cut[k]',
    rows: rows.length,
    fitMaxCarat: FIT_MAX_CARAT,
    caratRange: `${Math.min(...carats)}-${Math.max(...carats)}`,
    rSquared: round(result.rSquared, 4),
    residualSd: round(result.residualSd, 4),
    smearing: round(result.smearing, 4),
    intercept: round(beta[0]!),
    caratExponent: round(beta[1]!),
    color: offsets.color,
    clarity: offsets.clarity,
    cut: offsets.cut,
  };
}

async function main() {
  const path = resolve(process.argv[2] ?? DEFAULT_CSV);
  const all = await readObservations(path);
  const rows = all.filter((o) => o.carat <= FIT_MAX_CARAT);
  if (rows.length < 100) throw new Error(`${path}: only ${rows.length} rows, too few to fit`);
  const json = coefficientsJson(rows, fit(rows));
  writeFileSync(OUTPUT, `${JSON.stringify(json, null, 2)}\n`);
  console.log(
    `Fitted ${json.rows} of ${all.length} diamonds (carat <= ${FIT_MAX_CARAT}): carat exponent ${json.caratExponent}, R² ${json.rSquared}, ` +
      `residual sd ${json.residualSd} (log price). Wrote ${OUTPUT}`,
  );
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  console.error((err as NodeJS.ErrnoException)?.code === 'ENOENT' ? `No such file: ${process.argv[2] ?? DEFAULT_CSV}` : message);
  process.exit(1);
});
