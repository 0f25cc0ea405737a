import { describe, expect, it } from 'vitest';
import { optionalMultilineText, optionalText, requiredText, toMultiLine, toSingleLine } from './fields.ts';

describe('text fields', () => {
  it('drop C0 and C1 control characters and escape sequences from one-line text', () => {
    // What rewrote the order desk's "payment pending" as "payment paid": erase the line, return, print.
    expect(toSingleLine('Ann\u001b[2K\rpayment paid')).toBe('Ann[2K payment paid');
    expect(toSingleLine('A\u0000B\u0007C\u007fD\u009bE\u0085F')).toBe('ABCDEF');
    expect(toSingleLine('Line\none\ttwo\u2028three')).toBe('Line one two three');
    expect(toSingleLine('Zoë Ångström 李')).toBe('Zoë Ångström 李');
  });

  it('drop the bidirectional embeddings, overrides and isolates that make text read as something else', () => {
    // "Ann" then a right-to-left override: shown to staff as "Annexe.pdf".
    expect(toSingleLine('Ann\u202efdp.exe')).toBe('Annfdp.exe');
    const every = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(toSingleLine(`A${every}B`)).toBe('AB');
    expect(toMultiLine(`Leave it\n${every}with the doorman`)).toBe('Leave it\nwith the doorman');
    // Right-to-left writing itself, and the marks next to the ranges, stay.
    expect(toSingleLine('שלום Ann \u200f')).toBe('שלום Ann \u200f');
    expect(requiredText(20, 'name').safeParse('\u202e\u2066').success).toBe(false);
    expect(optionalMultilineText(100, 'notes').parse('Gift\u2067 wrap')).toBe('Gift wrap');
  });

  it('keep the line breaks of a note, one kind of them, and drop the rest', () => {
    expect(toMultiLine('one\r\ntwo\rthree\u2029four')).toBe('one\ntwo\nthree\nfour');
    expect(toMultiLine('tab\tkept\u001b[31m red\u0008')).toBe('tab\tkept[31m red');
  });

  it('clean before they trim and measure', () => {
    const name = requiredText(10, 'name');
    expect(name.parse('  \u0007Ann\u0007 ')).toBe('Ann');
    // Only control characters: as empty as it looks.
    expect(name.safeParse('\u0000\u001b').success).toBe(false);
    expect(optionalText(10, 'apartment').parse('\u0007')).toBeNull();
    expect(optionalMultilineText(100, 'notes').parse('Leave it\r\nwith the doorman\u0000')).toBe('Leave it\nwith the doorman');
  });
});
