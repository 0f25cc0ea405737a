import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes what needs quoting, and reads back as written', () => {
    const text = toCsv([
      ['email', 'note'],
      ['a@b.test', 'plain'],
      ['c@d.test', 'a, "quoted"\nline'],
      ['e@f.test', null],
    ]);
    expect(text).toBe('email,note\r\na@b.test,plain\r\nc@d.test,"a, ""quoted""\nline"\r\ne@f.test,\r\n');
    expect(parseCsv(text).map((r) => r.fields)).toEqual([
      ['email', 'note'],
      ['a@b.test', 'plain'],
      ['c@d.test', 'a, "quoted"\nline'],
      ['e@f.test', ''],
    ]);
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(toCsv([['=HYPERLINK("http://evil")', '+1', '-2', '@SUM(A1)', 'ok']])).toBe(`"'=HYPERLINK(""http://evil"")",'+1,'-2,'@SUM(A1),ok\r\n`);
    // Numbers are the store's own, not typed by a stranger: left as they are.
    expect(toCsv([[-5]])).toBe('-5\r\n');
  });
});
