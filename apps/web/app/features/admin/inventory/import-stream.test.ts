import { describe, expect, it } from 'vitest';
import type { ImportEvent } from '@everstone/contract';
import { outcomeText, progressPercent, progressText, readImportEvents, sizeText } from './import-stream';

/** A body that arrives in the given pieces, as a slow connection delivers it. */
function bodyOf(...chunks: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function readAll(body: ReadableStream<Uint8Array>) {
  const events: ImportEvent[] = [];
  const outcome = await readImportEvents(body, (e) => events.push(e));
  return { events, outcome };
}

describe('readImportEvents', () => {
  it('reads lines split anywhere, a character split between chunks, and a last line without its newline', async () => {
    const done = { type: 'done', rows: 3, inserted: 1, updated: 1, errors_total: 1, errors: [{ line: 4, problems: ['shape: "Ovål" is not one of Round'] }] };
    const text = `${JSON.stringify({ type: 'progress', bytes: 10, total: 40, rows: 1 })}\n${JSON.stringify(done)}`;
    const bytes = new TextEncoder().encode(text);
    // Inside the two bytes of 'å'.
    const split = new TextEncoder().encode(text.slice(0, text.indexOf('å'))).length + 1;
    const { events, outcome } = await readAll(bodyOf(bytes.slice(0, 7), bytes.slice(7, split), bytes.slice(split)));
    expect(events.map((e) => e.type)).toEqual(['progress', 'done']);
    expect(outcome).toEqual(done);
  });

  it('skips a line that is not an event, and answers null when the answer ends without an outcome', async () => {
    const { events, outcome } = await readAll(bodyOf('not json\n{"type":"unknown"}\n', '{"type":"progress","bytes":1,"total":2,"rows":0}\n'));
    expect(events).toHaveLength(1);
    expect(outcome).toBeNull();
  });

  it('answers a failure with its message', async () => {
    const { outcome } = await readAll(bodyOf('{"type":"failed","message":"The header lacks the required column price"}\n'));
    expect(outcome).toEqual({ type: 'failed', message: 'The header lacks the required column price' });
  });
});

describe('the words of an import', () => {
  it('says how far the store has read', () => {
    expect(progressText({ bytes: 380, total: 1000, rows: 12_400 }, 1000)).toBe('12,400 rows read — 38%');
    expect(progressText({ bytes: 0, total: 0, rows: 1 }, 0)).toBe('1 row read — 0%');
    // Without a length from the store, the file's own size stands in.
    expect(progressPercent({ bytes: 50, total: 0 }, 200)).toBe(25);
    expect(progressPercent({ bytes: 300, total: 200 }, 200)).toBe(100);
  });

  it('sums the outcome up', () => {
    expect(outcomeText({ inserted: 120, updated: 3400, errors_total: 7 })).toBe('Imported: 120 new, 3,400 updated, 7 rows with problems');
    expect(outcomeText({ inserted: 0, updated: 1, errors_total: 1 })).toBe('Imported: 0 new, 1 updated, 1 row with problems');
  });

  it('gives a file’s size as people say it', () => {
    expect(sizeText(200 * 1024 * 1024)).toBe('200 MB');
    expect(sizeText(1536)).toBe('2 KB');
    expect(sizeText(12)).toBe('12 bytes');
  });
});
