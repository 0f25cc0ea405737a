import { errorResponseSchema, importEventSchema, type ImportEvent } from '@everstone/contract';

/**
 * An inventory import over HTTP: the file goes up as the request's body, and the answer comes back as JSON lines
 * while the store reads it (progress, then the outcome). A refusal (not signed in, too large, not CSV) comes as one
 * JSON error before any line.
 */

export const IMPORT_PATH = '/api/admin/stones/import';

export type ImportOutcome = Extract<ImportEvent, { type: 'done' | 'failed' }>;
export type ImportProgress = Extract<ImportEvent, { type: 'progress' }>;

export type ImportStart =
  | { ok: true; body: ReadableStream<Uint8Array> }
  | { ok: false; status: number; message: string | null };

/** Sends the file as it is (its bytes, as text/csv); the browser says its length, which the store checks first. */
export async function startImport(file: Blob, signal: AbortSignal): Promise<ImportStart> {
  let res: Response;
  try {
    res = await fetch(IMPORT_PATH, {
      method: 'POST',
      body: file,
      headers: { 'Content-Type': 'text/csv', Accept: 'application/x-ndjson' },
      credentials: 'same-origin',
      signal,
    });
  } catch {
    return { ok: false, status: 0, message: null };
  }
  if (res.ok && res.body) return { ok: true, body: res.body };
  let message: string | null = null;
  try {
    const parsed = errorResponseSchema.safeParse(await res.json());
    if (parsed.success) message = parsed.data.message;
  } catch {
    // No JSON: the status alone says what happened.
  }
  return { ok: false, status: res.ok ? 0 : res.status, message };
}

/**
 * Reads the answer's lines as they arrive, handing each event to `onEvent`, and answers the outcome (done or failed),
 * or null when the answer ended without one (the connection dropped). A line that is not an event is skipped.
 */
export async function readImportEvents(body: ReadableStream<Uint8Array>, onEvent: (event: ImportEvent) => void): Promise<ImportOutcome | null> {
  const reader = body.getReader();
  // A character split between two chunks is put together again by the decoder's stream mode.
  const decoder = new TextDecoder();
  let buffer = '';
  let outcome: ImportOutcome | null = null;

  const take = (line: string) => {
    const text = line.trim();
    if (!text) return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = importEventSchema.safeParse(json);
    if (!parsed.success) return;
    if (parsed.data.type !== 'progress') outcome = parsed.data;
    onEvent(parsed.data);
  };

  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) take(line);
  }
  take(buffer + decoder.decode());
  return outcome;
}

/** '12,400 rows read — 38%': how far the store has read the file. */
export function progressText(progress: Pick<ImportProgress, 'bytes' | 'total' | 'rows'>, fileSize: number): string {
  return `${progress.rows.toLocaleString('en-US')} ${progress.rows === 1 ? 'row' : 'rows'} read — ${progressPercent(progress, fileSize)}%`;
}

/** The share of the file read, in whole percent; the file's own size stands in when the store did not know it. */
export function progressPercent(progress: Pick<ImportProgress, 'bytes' | 'total'>, fileSize: number): number {
  const total = progress.total > 0 ? progress.total : fileSize;
  if (!(total > 0)) return 0;
  return Math.min(100, Math.floor((progress.bytes / total) * 100));
}

/** 'Imported: 120 new, 3,400 updated, 7 rows with problems'. */
export function outcomeText(done: Pick<Extract<ImportEvent, { type: 'done' }>, 'inserted' | 'updated' | 'errors_total'>): string {
  const n = (count: number) => count.toLocaleString('en-US');
  return `Imported: ${n(done.inserted)} new, ${n(done.updated)} updated, ${n(done.errors_total)} ${done.errors_total === 1 ? 'row' : 'rows'} with problems`;
}

/** '12.5 MB', '840 KB': a file's size as people say it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;
  return `${bytes} bytes`;
}
