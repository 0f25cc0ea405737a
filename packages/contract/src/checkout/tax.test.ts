import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceLines, productUnitPrice } from './pricing.ts';
import {
  CANADA_RATES,
  DEFAULT_TAX_NEXUS,
  TAX_PENDING,
  US_STATE_RATES,
  US_STATES_WITHOUT_SALES_TAX,
  formatTaxRate,
  lineTaxOf,
  locateCanadianPostalCode,
  locateUsZip,
  parseTaxNexus,
  taxCentsOf,
  taxOf,
  taxesFor,
  type TaxNexus,
  type ZipTaxRate,
} from './tax.ts';

const all: TaxNexus = DEFAULT_TAX_NEXUS;
const us = (postal: string) => ({ country: 'United States' as const, postal });
const ca = (postal: string) => ({ country: 'Canada' as const, postal });
const lines = (...cents: number[]) => cents.map((totalCents) => ({ totalCents }));

/** The percent figures as published, typed in from the source, not from the table: [state rate, combined rate]. */
const TAX_FOUNDATION_2026: Record<string, [string, string]> = {
  AL: ['4.00', '9.46'], AK: ['0.00', '1.82'], AZ: ['5.60', '8.52'], AR: ['6.50', '9.46'], CA: ['7.25', '8.99'],
  CO: ['2.90', '7.89'], CT: ['6.35', '6.35'], DE: ['0.00', '0.00'], DC: ['6.00', '6.00'], FL: ['6.00', '6.98'],
  GA: ['4.00', '7.49'], HI: ['4.00', '4.50'], ID: ['6.00', '6.03'], IL: ['6.25', '8.96'], IN: ['7.00', '7.00'],
  IA: ['6.00', '6.94'], KS: ['6.50', '8.69'], KY: ['6.00', '6.00'], LA: ['5.00', '10.11'], ME: ['5.50', '5.50'],
  MD: ['6.00', '6.00'], MA: ['6.25', '6.25'], MI: ['6.00', '6.00'], MN: ['6.875', '8.14'], MS: ['7.00', '7.06'],
  MO: ['4.225', '8.44'], MT: ['0.00', '0.00'], NE: ['5.50', '6.98'], NV: ['6.85', '8.24'], NH: ['0.00', '0.00'],
  // Published 6.60: Salem County's half rate pulls the average below the state's; the table charges 6.625 (docs/taxes.md).
  NJ: ['6.625', '6.63'],
  NM: ['4.875', '7.67'], NY: ['4.00', '8.54'], NC: ['4.75', '7.00'], ND: ['5.00', '7.09'], OH: ['5.75', '7.29'],
  OK: ['4.50', '9.06'], OR: ['0.00', '0.00'], PA: ['6.00', '6.34'], RI: ['7.00', '7.00'], SC: ['6.00', '7.49'],
  SD: ['4.20', '6.11'], TN: ['7.00', '9.61'], TX: ['6.25', '8.20'], UT: ['6.10', '7.42'], VT: ['6.00', '6.39'],
  VA: ['5.30', '5.77'], WA: ['6.50', '9.51'], WV: ['6.00', '6.59'], WI: ['5.00', '5.72'], WY: ['4.00', '5.56'],
};

/** A percent as published ('6.875') → millionths. */
const published = (percent: string) => Math.round(Number(percent) * 10_000);
/** Millionths → a percent to two decimals, rounded half up as the source rounds ('8.14' for 81_350). */
const toTwoDecimals = (millionths: number) => (Math.floor((millionths + 50) / 100) / 100).toFixed(2);

describe('the default US table', () => {
  it('has every state and DC once, each with the Tax Foundation 2026 statewide rate and combined rate', () => {
    expect(US_STATE_RATES.map((r) => r.code).sort()).toEqual(Object.keys(TAX_FOUNDATION_2026).sort());
    for (const rate of US_STATE_RATES) {
      const [state, combined] = TAX_FOUNDATION_2026[rate.code]!;
      expect(rate.stateMillionths, `${rate.code} state`).toBe(published(state));
      expect(toTwoDecimals(rate.stateMillionths + rate.averageLocalMillionths), `${rate.code} combined`).toBe(combined);
    }
  });

  it('charges each state its state rate plus its average local rate, as two parts of one tax', () => {
    for (const rate of US_STATE_RATES) {
      const taxes = taxesFor(us(sampleZip[rate.code]!), { nexus: { states: [rate.code], canada: false } });
      const total = rate.stateMillionths + rate.averageLocalMillionths;
      if (total === 0) {
        expect(taxes, rate.code).toMatchObject({ ok: true, collected: false, why: 'no-sales-tax', message: `No sales tax is collected for ${rate.name}` });
        continue;
      }
      expect(taxes, rate.code).toMatchObject({ ok: true, collected: true, place: rate.name, source: 'default' });
      if (!taxes.ok || !taxes.collected) continue;
      expect(taxes.levies).toHaveLength(1);
      expect(taxes.levies[0]!.rateMillionths).toBe(total);
      expect(taxes.levies[0]!.parts.map((p) => p.rateMillionths)).toEqual([rate.stateMillionths, rate.averageLocalMillionths].filter((r) => r > 0));
    }
  });

  it('knows the five states without a state sales tax, and taxes only Alaska among them (its local taxes)', () => {
    expect(US_STATE_RATES.filter((r) => r.stateMillionths === 0).map((r) => r.code)).toEqual(['AK', 'DE', 'MT', 'NH', 'OR']);
    expect(US_STATES_WITHOUT_SALES_TAX).toEqual(['DE', 'MT', 'NH', 'OR']);
    const anchorage = taxOf(us('99501'), lines(100_000), { nexus: all });
    expect(anchorage).toMatchObject({ ok: true, collected: true, place: 'Alaska', totalCents: 1_821 });
    expect(anchorage.ok && anchorage.lines[0]!.components).toEqual([{ jurisdiction: 'Alaska local tax (state average)', rateMillionths: 18_211, taxCents: 1_821 }]);
  });

  it('charges Oregon nothing, and says so', () => {
    const portland = taxOf(us('97201'), lines(500_000), { nexus: { states: ['OR', 'WA'], canada: true } });
    expect(portland).toEqual({
      ok: true,
      collected: false,
      place: 'Oregon',
      source: null,
      why: 'no-sales-tax',
      message: 'No sales tax is collected for Oregon',
      lines: [{ taxCents: 0, components: [] }],
      totalCents: 0,
      components: [],
    });
  });
});

/** A real ZIP code of each state, for the table's own checks. */
const sampleZip: Record<string, string> = {
  AL: '35203', AK: '99501', AZ: '85001', AR: '72201', CA: '90001', CO: '80202', CT: '06103', DE: '19901', DC: '20001',
  FL: '33101', GA: '30303', HI: '96813', ID: '83702', IL: '60601', IN: '46204', IA: '50309', KS: '66603', KY: '40202',
  LA: '70112', ME: '04101', MD: '21201', MA: '02108', MI: '48226', MN: '55401', MS: '39201', MO: '63101', MT: '59601',
  NE: '68102', NV: '89101', NH: '03301', NJ: '07102', NM: '87102', NY: '10036', NC: '27601', ND: '58501', OH: '43215',
  OK: '73102', OR: '97201', PA: '19103', RI: '02903', SC: '29201', SD: '57501', TN: '37203', TX: '78701', UT: '84111',
  VT: '05602', VA: '23219', WA: '98101', WV: '25301', WI: '53703', WY: '82001',
};

describe('a US ZIP code', () => {
  const stateOf = (zip: string) => {
    const located = locateUsZip(zip);
    if (!located.ok) return located.message;
    return located.region.kind === 'state' ? located.region.code : located.region.name;
  };

  it('places each state’s sample ZIP code in that state', () => {
    for (const [code, zip] of Object.entries(sampleZip)) expect(stateOf(zip), zip).toBe(code);
  });

  it('is decided by its three-digit prefix at each side of a range', () => {
    const edges: [string, string][] = [
      ['19699', 'PA'], ['19701', 'DE'],
      ['20099', 'DC'], ['20101', 'VA'], ['20199', 'VA'], ['20201', 'DC'],
      ['20599', 'DC'], ['20601', 'MD'],
      ['24699', 'VA'], ['24701', 'WV'],
      ['33999', 'FL'], ['34101', 'FL'],
      ['39799', 'MS'], ['39801', 'GA'],
      ['56799', 'MN'], ['56901', 'DC'], ['57001', 'SD'],
      ['62999', 'IL'], ['63001', 'MO'],
      ['73199', 'OK'], ['73301', 'TX'], ['73401', 'OK'],
      ['79999', 'TX'], ['80001', 'CO'],
      ['88499', 'NM'], ['88501', 'TX'], ['88901', 'NV'],
      ['89899', 'NV'], ['90001', 'CA'],
      ['96199', 'CA'], ['96701', 'HI'], ['96899', 'HI'],
      ['99499', 'WA'], ['99501', 'AK'], ['99950', 'AK'],
      ['00501', 'NY'], ['01001', 'MA'], ['02801', 'RI'], ['05501', 'MA'], ['05601', 'VT'], ['06001', 'CT'], ['07001', 'NJ'], ['08999', 'NJ'],
    ];
    for (const [zip, code] of edges) expect(stateOf(zip), zip).toBe(code);
  });

  it('at a military post office or in a territory is not a state', () => {
    for (const zip of ['09001', '09801', '34001', '96201', '96699']) expect(stateOf(zip), zip).toBe('military addresses (APO, FPO, DPO)');
    expect(stateOf('00601')).toBe('Puerto Rico');
    expect(stateOf('00901')).toBe('Puerto Rico');
    expect(stateOf('00802')).toBe('the U.S. Virgin Islands');
    expect(stateOf('96910')).toBe('Guam');
    expect(stateOf('96799')).toBe('American Samoa');
    expect(stateOf('96950')).toBe('the Northern Mariana Islands');
    expect(taxOf(us('00901'), lines(10_000), { nexus: all })).toMatchObject({ ok: true, collected: false, why: 'not-a-state', message: 'No sales tax is collected for Puerto Rico', totalCents: 0 });
    expect(taxOf(us('09001'), lines(10_000), { nexus: all })).toMatchObject({ why: 'not-a-state', message: 'No sales tax is collected for military addresses (APO, FPO, DPO)' });
  });

  it('takes ZIP+4 and surrounding spaces, and refuses anything that is not 5 digits', () => {
    expect(locateUsZip(' 10036-1234 ')).toEqual({ ok: true, postal: '10036', region: { kind: 'state', code: 'NY', name: 'New York' } });
    for (const bad of ['', '1003', '100366', '10036-12', '1OO36', '10036 1234', 'K1A 0B1', '-10036']) {
      expect(locateUsZip(bad), bad).toEqual({ ok: false, message: 'Enter a 5-digit ZIP code' });
      expect(taxOf(us(bad), lines(100), { nexus: all }), bad).toEqual({ ok: false, message: 'Enter a 5-digit ZIP code' });
    }
  });

  it('with a prefix no ZIP code has is refused by name', () => {
    for (const zip of ['00000', '00499', '09901', '26901', '69401', '81701', '89999']) {
      expect(locateUsZip(zip), zip).toEqual({ ok: false, message: `Check the ZIP code: no US ZIP code begins with ${zip.slice(0, 3)}` });
    }
  });
});

describe('a ZIP code’s own rates', () => {
  const manhattan: ZipTaxRate = {
    zip: '10036', state: 'NY', region: 'NEW YORK CITY', combinedMillionths: 88_750,
    stateMillionths: 40_000, countyMillionths: 0, cityMillionths: 45_000, specialMillionths: 3_750,
  };

  it('win over the state default', () => {
    const quote = taxOf(us('10036-1234'), lines(100_000), { nexus: all, zipRate: manhattan });
    expect(quote).toMatchObject({ ok: true, collected: true, place: 'New York', source: 'zip', totalCents: 8_875 });
    expect(quote.ok && quote.lines[0]!.components).toEqual([
      { jurisdiction: 'New York state tax', rateMillionths: 40_000, taxCents: 4_000 },
      { jurisdiction: 'City tax, NEW YORK CITY', rateMillionths: 45_000, taxCents: 4_500 },
      { jurisdiction: 'Special district tax, NEW YORK CITY', rateMillionths: 3_750, taxCents: 375 },
    ]);
    expect(taxOf(us('10036'), lines(100_000), { nexus: all })).toMatchObject({ source: 'default', totalCents: 8_542 });
  });

  it('charge nothing where the file says the ZIP code has no tax, and always name who takes what they charge', () => {
    const zero: ZipTaxRate = { zip: '97201', state: 'OR', region: 'PORTLAND', combinedMillionths: 0, stateMillionths: 0, countyMillionths: 0, cityMillionths: 0, specialMillionths: 0 };
    expect(taxOf(us('97201'), lines(10_000), { nexus: all, zipRate: zero })).toMatchObject({ collected: false, why: 'no-sales-tax', message: 'No sales tax is collected for Oregon' });
    // Parts of 0 under a combined 0.00001 (the file's rounding): the tax of a large line still lands on a jurisdiction.
    const rounding: ZipTaxRate = { zip: '59601', state: 'MT', region: 'HELENA', combinedMillionths: 10, stateMillionths: 0, countyMillionths: 0, cityMillionths: 0, specialMillionths: 0 };
    const quote = taxOf(us('59601'), lines(10_000_000), { nexus: { states: ['MT'], canada: false }, zipRate: rounding });
    expect(quote.ok && quote.lines[0]).toEqual({ taxCents: 100, components: [{ jurisdiction: 'Montana sales tax', rateMillionths: 10, taxCents: 100 }] });
  });

  it('apply to their own ZIP code only', () => {
    expect(taxOf(us('10037'), lines(100_000), { nexus: all, zipRate: manhattan })).toMatchObject({ source: 'default', totalCents: 8_542 });
  });

  it('decide the state of a ZIP code on a state line: Fishers Island, NY has a Connecticut prefix', () => {
    expect(taxOf(us('06390'), lines(10_000), { nexus: all })).toMatchObject({ place: 'Connecticut', source: 'default', totalCents: 635 });
    const fishersIsland: ZipTaxRate = { zip: '06390', state: 'NY', region: 'SUFFOLK COUNTY', combinedMillionths: 86_250, stateMillionths: 40_000, countyMillionths: 42_500, cityMillionths: 0, specialMillionths: 3_750 };
    expect(taxOf(us('06390'), lines(10_000), { nexus: all, zipRate: fishersIsland })).toMatchObject({ place: 'New York', source: 'zip', totalCents: 863 });
    // Where the store collects is the row's state's question.
    expect(taxOf(us('06390'), lines(10_000), { nexus: { states: ['CT'], canada: false }, zipRate: fishersIsland })).toMatchObject({ collected: false, why: 'outside-nexus', message: 'No sales tax is collected for New York' });
  });

  it('split a line’s tax among their jurisdictions in whole cents that add up to the rounded total', () => {
    // Each part's exact share of a line's tax has a fraction of a cent; their cents must still add up to the line's.
    const rate: ZipTaxRate = { zip: '75201', state: 'TX', region: 'DALLAS', combinedMillionths: 82_500, stateMillionths: 62_500, countyMillionths: 0, cityMillionths: 10_000, specialMillionths: 10_000 };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        const quote = taxOf(us('75201'), lines(cents), { nexus: all, zipRate: rate });
        if (!quote.ok) return false;
        const line = quote.lines[0]!;
        return line.taxCents === taxCentsOf(cents, 82_500) && line.components.reduce((s, c) => s + c.taxCents, 0) === line.taxCents;
      }),
    );
    // $0.99 at 8.25% is 8.1675¢ → 8¢, split 62.5 : 10 : 10 as 6.06 + 0.97 + 0.97: floors 6 + 0 + 0, and the two cents left
    // go to the largest remainders.
    expect(lineTaxOf(99, [{ rateMillionths: 82_500, parts: [{ jurisdiction: 'state', rateMillionths: 62_500 }, { jurisdiction: 'city', rateMillionths: 10_000 }, { jurisdiction: 'district', rateMillionths: 10_000 }] }])).toEqual({
      taxCents: 8,
      components: [
        { jurisdiction: 'state', rateMillionths: 62_500, taxCents: 6 },
        { jurisdiction: 'city', rateMillionths: 10_000, taxCents: 1 },
        { jurisdiction: 'district', rateMillionths: 10_000, taxCents: 1 },
      ],
    });
  });
});

describe('a Canadian postal code', () => {
  const provinceOf = (postal: string) => {
    const located = locateCanadianPostalCode(postal);
    return located.ok ? located.region.code : located.message;
  };

  it('is placed by its first letter, and X by its first three characters', () => {
    const letters: [string, string][] = [
      ['A1A 1A1', 'NL'], ['B3H 4R2', 'NS'], ['C1A 4P3', 'PE'], ['E1C 4M3', 'NB'], ['G1R 4P5', 'QC'], ['H2Y 1C6', 'QC'],
      ['J4K 2T5', 'QC'], ['K1A 0B1', 'ON'], ['L5B 2C9', 'ON'], ['M5V 3L9', 'ON'], ['N2L 3G1', 'ON'], ['P3E 2C6', 'ON'],
      ['R3C 4T3', 'MB'], ['S4P 3Y2', 'SK'], ['T2P 2M5', 'AB'], ['V6B 4Y8', 'BC'], ['X1A 2L9', 'NT'], ['X0E 0N0', 'NT'],
      ['X0G 0A0', 'NT'], ['X0A 0H0', 'NU'], ['X0B 0C0', 'NU'], ['X0C 0E0', 'NU'], ['Y1A 2C6', 'YT'],
    ];
    for (const [postal, code] of letters) expect(provinceOf(postal), postal).toBe(code);
  });

  it('is read in either case, with or without its space, and given back as A1A 1A1', () => {
    for (const form of ['m5v3l9', 'M5V 3L9', ' m5v-3l9 ', 'M5v 3l9']) expect(locateCanadianPostalCode(form), form).toEqual({ ok: true, postal: 'M5V 3L9', region: { code: 'ON', name: 'Ontario' } });
  });

  it('refuses what cannot be one: the wrong shape, D F I O Q U anywhere, W or Z first', () => {
    const bad = ['', 'M5V', 'M5V 3L', 'M5V 3L99', '5MV 3L9', 'MM5 3L9', 'M5V  3L9', 'D1A 1A1', 'F1A 1A1', 'I1A 1A1', 'O1A 1A1', 'Q1A 1A1', 'U1A 1A1', 'W1A 1A1', 'Z1A 1A1', 'K1D 1A1', 'K1A 1O1', 'K1A 1A1X', '10036'];
    for (const postal of bad) {
      expect(provinceOf(postal), postal).toBe('Enter a postal code such as K1A 0B1');
      expect(taxOf(ca(postal), lines(100), { nexus: all }), postal).toEqual({ ok: false, message: 'Enter a postal code such as K1A 0B1' });
    }
    // W and Z may come later.
    expect(provinceOf('K1W 1Z1')).toBe('ON');
  });
});

describe('the Canadian table', () => {
  /** As the CRA, Revenu Québec and the provinces publish them (docs/taxes.md), typed in from the sources. */
  const PUBLISHED: Record<string, string[]> = {
    AB: ['GST 5%'], BC: ['GST 5%', 'PST 7%'], MB: ['GST 5%', 'RST 7%'], NB: ['HST 15%'], NL: ['HST 15%'], NS: ['HST 14%'],
    NT: ['GST 5%'], NU: ['GST 5%'], ON: ['HST 13%'], PE: ['HST 15%'], QC: ['GST 5%', 'QST 9.975%'], SK: ['GST 5%', 'PST 6%'], YT: ['GST 5%'],
  };

  it('has each province and territory with its GST, HST or GST and provincial tax', () => {
    expect(CANADA_RATES.map((r) => r.code).sort()).toEqual(Object.keys(PUBLISHED).sort());
    for (const region of CANADA_RATES) expect(region.taxes.map((t) => `${t.jurisdiction} ${formatTaxRate(t.rateMillionths)}`), region.code).toEqual(PUBLISHED[region.code]);
  });

  it('charges Toronto 13% HST', () => {
    const quote = taxOf(ca('M5V 3L9'), lines(123_456), { nexus: all });
    expect(quote).toMatchObject({ ok: true, collected: true, place: 'Ontario', source: 'default', totalCents: 16_049 });
    expect(quote.ok && quote.lines[0]!.components).toEqual([{ jurisdiction: 'HST', rateMillionths: 130_000, taxCents: 16_049 }]);
  });

  it('charges Montreal GST and QST, each rounded on its own', () => {
    // $123.45: GST 617.25¢ → $6.17, QST 1,231.41¢ → $12.31; together $18.48, where 14.975% at once would be $18.49.
    const quote = taxOf(ca('H2Y 1C6'), lines(12_345), { nexus: all });
    expect(quote).toMatchObject({ ok: true, collected: true, place: 'Quebec', totalCents: 1_848 });
    expect(quote.ok && quote.lines[0]).toEqual({
      taxCents: 1_848,
      components: [
        { jurisdiction: 'GST', rateMillionths: 50_000, taxCents: 617 },
        { jurisdiction: 'QST', rateMillionths: 99_750, taxCents: 1_231 },
      ],
    });
    expect(taxCentsOf(12_345, 149_750)).toBe(1_849);
  });

  it('charges Nova Scotia 14% HST and Alberta 5% GST', () => {
    expect(taxOf(ca('B3H 4R2'), lines(10_000), { nexus: all })).toMatchObject({ place: 'Nova Scotia', totalCents: 1_400 });
    expect(taxOf(ca('T2P 2M5'), lines(10_000), { nexus: all })).toMatchObject({ place: 'Alberta', totalCents: 500 });
  });
});

describe('rounding', () => {
  it('rounds each line’s tax half up to the cent', () => {
    // $1.00 at 6.25% is 6.25¢ → 6¢; $1.40 at 6.25% is exactly 8.75¢ → 9¢; $0.10 at 5% is exactly half a cent → 1¢.
    expect(taxCentsOf(100, 62_500)).toBe(6);
    expect(taxCentsOf(140, 62_500)).toBe(9);
    expect(taxCentsOf(10, 50_000)).toBe(1);
    expect(taxCentsOf(9, 50_000)).toBe(0);
    // A half cent rounds up however large the line: $99,999,999.90 at 5% is 499,999,999.5¢.
    expect(taxCentsOf(9_999_999_990, 50_000)).toBe(500_000_000);
    expect(taxCentsOf(0, 88_750)).toBe(0);
  });

  it('is exact far past a float’s precision', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 0, max: 250_000 }), (cents, rate) => {
        const exact = BigInt(cents) * BigInt(rate);
        const rounded = BigInt(taxCentsOf(cents, rate));
        // rounded is the nearest cent, a half cent going up: rounded − ½ ≤ exact/1e6 < rounded + ½.
        return rounded * 2_000_000n - 1_000_000n <= exact * 2n && exact * 2n < rounded * 2_000_000n + 1_000_000n;
      }),
    );
  });

  it('rounds per line, so the lines’ sum can differ from the total’s rounding', () => {
    // Three lines of $0.10 at 5%: exactly ½¢ each → 1¢ each, 3¢ in all; on the $0.30 together it would be 1.5¢ → 2¢.
    const three = taxOf(ca('T2P 2M5'), lines(10, 10, 10), { nexus: all });
    expect(three.ok && three.lines.map((l) => l.taxCents)).toEqual([1, 1, 1]);
    expect(three).toMatchObject({ totalCents: 3 });
    expect(taxCentsOf(30, 50_000)).toBe(2);
    // And the other way: two lines of $0.07 at 5% are 0.35¢ each → 0¢; on the $0.14 together it would be 0.7¢ → 1¢.
    const two = taxOf(ca('T2P 2M5'), lines(7, 7), { nexus: all });
    expect(two).toMatchObject({ totalCents: 0 });
    expect(taxCentsOf(14, 50_000)).toBe(1);
  });

  it('takes the lines priceLines gives, and sums the components of every line by jurisdiction', () => {
    const pricing = priceLines([{ kind: 'product', quantity: 2, ...productUnitPrice(45_000) }, { kind: 'product', quantity: 1, ...productUnitPrice(129_999) }], null);
    const quote = taxOf(ca('V6B 4Y8'), pricing.lines, { nexus: all });
    expect(quote.ok && quote.lines.map((l) => l.components.map((c) => c.taxCents))).toEqual([[4_500, 6_300], [6_500, 9_100]]);
    expect(quote.ok && quote.components).toEqual([
      { jurisdiction: 'GST', rateMillionths: 50_000, taxCents: 11_000 },
      { jurisdiction: 'PST', rateMillionths: 70_000, taxCents: 15_400 },
    ]);
    expect(quote).toMatchObject({ totalCents: 26_400 });
  });

  it('refuses a line total that is not whole cents, as priceLines does', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => taxOf(ca('M5V 3L9'), lines(bad), { nexus: all }), String(bad)).toThrow(RangeError);
      expect(() => taxOf(us('97201'), lines(bad), { nexus: all }), String(bad)).toThrow(RangeError);
    }
  });
});

describe('TAX_NEXUS', () => {
  it('is every state with a sales tax, and Canada, when unset', () => {
    for (const unset of [undefined, '', ' ']) expect(parseTaxNexus(unset)).toEqual({ ok: true, nexus: DEFAULT_TAX_NEXUS });
    expect(DEFAULT_TAX_NEXUS.canada).toBe(true);
    expect(DEFAULT_TAX_NEXUS.states).toHaveLength(47);
    expect(DEFAULT_TAX_NEXUS.states).toContain('AK');
    expect(DEFAULT_TAX_NEXUS.states).toContain('DC');
    for (const none of ['DE', 'MT', 'NH', 'OR']) expect(DEFAULT_TAX_NEXUS.states).not.toContain(none);
  });

  it('reads state codes, US and CANADA in any case; CA is California', () => {
    expect(parseTaxNexus('ny, nj,CA')).toEqual({ ok: true, nexus: { states: ['CA', 'NJ', 'NY'], canada: false } });
    expect(parseTaxNexus('Canada')).toEqual({ ok: true, nexus: { states: [], canada: true } });
    expect(parseTaxNexus('US,CANADA')).toEqual({ ok: true, nexus: DEFAULT_TAX_NEXUS });
    expect(parseTaxNexus('none')).toEqual({ ok: true, nexus: { states: [], canada: false } });
  });

  it('refuses what it cannot read, naming it', () => {
    expect(parseTaxNexus('NY,XX,ontario')).toEqual({ ok: false, message: expect.stringMatching(/not one: XX, ONTARIO$/) });
    expect(parseTaxNexus('none,NY')).toEqual({ ok: false, message: expect.stringMatching(/'none' stands alone$/) });
    expect(parseTaxNexus('PR')).toMatchObject({ ok: false });
  });

  it('charges nothing outside it, and says where', () => {
    const nyOnly: TaxNexus = { states: ['NY'], canada: false };
    expect(taxOf(us('10036'), lines(10_000), { nexus: nyOnly })).toMatchObject({ collected: true, totalCents: 854 });
    expect(taxOf(us('78701'), lines(10_000), { nexus: nyOnly })).toMatchObject({ ok: true, collected: false, why: 'outside-nexus', message: 'No sales tax is collected for Texas', totalCents: 0 });
    expect(taxOf(ca('M5V 3L9'), lines(10_000), { nexus: nyOnly })).toMatchObject({ collected: false, why: 'outside-nexus', message: 'No sales tax is collected for Ontario' });
    expect(taxOf(ca('M5V 3L9'), lines(10_000), { nexus: { states: [], canada: true } })).toMatchObject({ collected: true, totalCents: 1_300 });
    const none = parseTaxNexus('none');
    expect(none.ok && taxOf(us('10036'), lines(10_000), { nexus: none.nexus })).toMatchObject({ collected: false, why: 'outside-nexus' });
  });
});

describe('display', () => {
  it('prints rates as receipts do', () => {
    expect([88_750, 50_000, 99_750, 130_000, 62_500, 18_211, 0, 266].map(formatTaxRate)).toEqual(['8.875%', '5%', '9.975%', '13%', '6.25%', '1.8211%', '0%', '0.0266%']);
  });

  it('has the words for tax before an address is known', () => {
    expect(TAX_PENDING).toBe('Enter shipping address');
  });
});
