import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  ADMIN_MESSAGES,
  IMPORT_COLUMNS,
  IMPORT_MAX_BYTES,
  type ImportEvent,
} from '@everstone/contract';
import { FieldError, describedBy } from '../../../components/ui/field-errors';
import { refusedBeforeSending, useForm, type FormAnswer } from '../../../components/ui/form';
import { pathOf, signInPath } from '../kit/admin-api';
import { PageHead } from '../kit/frame';
import { TableScroll } from '../kit/table';
import { InventoryFileActions, InventoryStyles, STONES_PATH } from './stone-links';
import {
  outcomeText,
  progressPercent,
  progressText,
  readImportEvents,
  sizeText,
  startImport,
  type ImportOutcome,
  type ImportProgress,
} from './import-stream';

/** The columns a supplier file carries, as the store reads them (the contract's one list, docs/inventory.md). */
const COLUMNS = Object.entries(IMPORT_COLUMNS).map(([name, c]) => ({ name, required: c.required, holds: c.help.charAt(0).toUpperCase() + c.help.slice(1) }));

/** What the page shows below the form: the file on its way, then what the import came to. */
type Stage =
  | { kind: 'choosing' }
  | { kind: 'reading'; file: File; progress: ImportProgress | null }
  | { kind: 'finished'; file: File; outcome: ImportOutcome }
  | { kind: 'lost'; file: File; progress: ImportProgress | null };

const MAX_TEXT = sizeText(IMPORT_MAX_BYTES);
const FIELDS = ['file'] as const;
type ImportField = (typeof FIELDS)[number];

/** What a refusal before the first line means, in words for the person who sent the file. */
function refusalText(status: number, message: string | null): string {
  if (status === 413) return message ?? `The file is larger than ${MAX_TEXT}. Split it into parts and import each.`;
  if (status === 415) return message ?? 'The store takes a CSV file (text/csv).';
  if (status === 0) return 'The store could not be reached. Check the connection and try again.';
  return message ?? 'The file could not be imported. Please try again in a moment.';
}

/** What is wrong with the chosen file before it is sent, if anything. */
function fileProblem(file: FormDataEntryValue | null): string | null {
  // A form without a chosen file still posts an empty, nameless one.
  if (!(file instanceof File) || file.name === '') return 'Choose a CSV file to import.';
  if (file.size > IMPORT_MAX_BYTES) return `This file is ${sizeText(file.size)}; the store takes at most ${MAX_TEXT} in one import. Split it into parts and import each.`;
  if (file.size === 0) return 'This file is empty.';
  return null;
}

/**
 * /admin/stones/import: a supplier file sent in, its progress while the store reads it, then every row's problems.
 * The form is the kit's: its message about the file, its busy state while the import runs, and a refusal before the
 * first line (its notice). The progress and the outcome are the import's own, drawn below it.
 */
export function StoneImport() {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [stage, setStage] = useState<Stage>({ kind: 'choosing' });
  const input = useRef<HTMLInputElement>(null);
  const outcomeHeading = useRef<HTMLHeadingElement>(null);
  const running = useRef<AbortController | null>(null);

  // Leaving the page stops reading the answer (the store finishes what it has, as with a closed tab).
  useEffect(() => () => running.current?.abort(), []);

  /** Sends the file and follows the store's lines until the outcome; the page shows each step as it comes. */
  async function send(_values: Record<ImportField, string>, data: FormData): Promise<FormAnswer<ImportField> | null> {
    const chosen = data.get('file');
    const problem = fileProblem(chosen);
    if (problem) return refusedBeforeSending({ file: [problem] });
    const file = chosen as File;
    const controller = new AbortController();
    running.current = controller;
    setStage({ kind: 'reading', file, progress: null });
    const start = await startImport(file, controller.signal);
    if (controller.signal.aborted) return null;
    if (!start.ok) {
      if (start.status === 401) {
        await navigate(signInPath(pathOf(location), start.message === ADMIN_MESSAGES.expired));
        return null;
      }
      setStage({ kind: 'choosing' });
      return { status: start.status, ok: false, notice: { kind: 'error', text: refusalText(start.status, start.message) }, errors: {}, values: {} };
    }
    let last: ImportProgress | null = null;
    let outcome: ImportOutcome | null = null;
    try {
      outcome = await readImportEvents(start.body, (e: ImportEvent) => {
        if (e.type !== 'progress') return;
        last = e;
        setStage({ kind: 'reading', file, progress: e });
      });
    } catch {
      if (controller.signal.aborted) return null;
    }
    running.current = null;
    setStage(outcome ? { kind: 'finished', file, outcome } : { kind: 'lost', file, progress: last });
    return { status: 200, ok: true, notice: null, errors: {}, values: {} };
  }

  // The chosen file stays chosen after an import, as the page says what it came to (Import another file empties it).
  const form = useForm({ fields: FIELDS, resetOnSuccess: false, send });
  const refused = form.notice?.kind === 'error' ? form.notice.text : null;

  // What the import came to takes the focus once it is drawn.
  useEffect(() => {
    if (stage.kind === 'finished' || stage.kind === 'lost' || refused !== null) outcomeHeading.current?.focus();
  }, [stage.kind, refused]);

  function again() {
    setStage({ kind: 'choosing' });
    if (input.current) input.current.value = '';
    requestAnimationFrame(() => input.current?.focus());
  }

  const fileId = `${form.id}-file`;
  const hintId = `${fileId}-hint`;
  return (
    <>
      <InventoryStyles />
      <nav className="adm-crumbs" aria-label="Breadcrumb">
        <Link to={STONES_PATH}>Inventory</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">Import a file</span>
      </nav>
      <PageHead title="Import a file" lead="Add and update diamonds from a supplier’s CSV file. Rows with problems are listed by line; the others are saved.">
        <InventoryFileActions importLink={false} />
      </PageHead>

      {/* Said once when the import starts and once when it ends; the bar's own count is not read out at every step. */}
      <div className="visually-hidden" role="status">
        {stage.kind === 'reading' && <p>Importing {stage.file.name}…</p>}
        {stage.kind === 'finished' && <p>{stage.outcome.type === 'done' ? outcomeText(stage.outcome) : 'The import failed.'}</p>}
      </div>
      <div className="adm-import">
        <div className="adm-import__main">
          <section className="adm-panel" aria-labelledby={`${id}-send-title`}>
            <h2 id={`${id}-send-title`} className="adm-panel__title">
              The file
            </h2>
            <form.Form {...form.props} className="adm-form" noValidate aria-labelledby={`${id}-send-title`}>
              {/*
                Not the kit's Field: that draws a text box's control (form-control) and takes no ref, and a file input
                keeps its own look and is emptied and focused again by Import another file. Its message and busy state
                are the form's all the same.
              */}
              <div className="form-field">
                <label className="form-label" htmlFor={fileId}>
                  Supplier file (CSV)
                </label>
                <input
                  ref={input}
                  id={fileId}
                  name="file"
                  type="file"
                  accept=".csv,text/csv"
                  className="adm-file"
                  // Held while the file is read, not from the click: a refused choice is answered while the form
                  // still counts as busy, and the focus it moves here would not land on a disabled input.
                  disabled={stage.kind === 'reading'}
                  onChange={() => form.clear('file')}
                  {...describedBy(form.id, form.errors, 'file', hintId)}
                />
                <p id={hintId} className="adm-field-note">
                  At most {MAX_TEXT}. An exported inventory file can be edited and imported again.
                </p>
                <FieldError formId={form.id} errors={form.errors} field="file" />
              </div>
              <div>
                <button type="submit" className="adm-button" disabled={form.busy}>
                  {form.busy ? 'Importing…' : 'Import'}
                </button>
              </div>
            </form.Form>
          </section>

          {stage.kind === 'reading' && <Reading file={stage.file} progress={stage.progress} />}
          {refused !== null && (
            <section className="adm-panel adm-import__outcome" aria-labelledby={`${id}-outcome`}>
              <h2 id={`${id}-outcome`} ref={outcomeHeading} tabIndex={-1} className="adm-panel__title">
                The file was not imported
              </h2>
              <p className="form-banner form-banner--error">{refused}</p>
            </section>
          )}
          {stage.kind === 'lost' && (
            <section className="adm-panel adm-import__outcome" aria-labelledby={`${id}-outcome`}>
              <h2 id={`${id}-outcome`} ref={outcomeHeading} tabIndex={-1} className="adm-panel__title">
                The import was cut off
              </h2>
              <p className="form-banner form-banner--error">
                The connection to the store ended before the import finished
                {stage.progress ? ` (${progressText(stage.progress, stage.file.size)})` : ''}. The rows read until then may be saved: import
                the file again to finish; rows already saved are updated, not added twice.
              </p>
              <AgainButton onClick={again} />
            </section>
          )}
          {stage.kind === 'finished' && <Outcome id={`${id}-outcome`} heading={outcomeHeading} file={stage.file} outcome={stage.outcome} onAgain={again} />}
        </div>

        <section className="adm-panel adm-import__columns" aria-labelledby={`${id}-columns-title`}>
          <h2 id={`${id}-columns-title`} className="adm-panel__title">
            The file’s columns
          </h2>
          <p className="adm-panel__lead">
            The first line names the columns, in any order; capitals, spaces and dashes in a name do not matter. Other columns are left
            out.
          </p>
          {([true, false] as const).map((required) => (
            <div key={String(required)} className="adm-import__group">
              <h3 className="adm-import__group-title">{required ? 'Required' : 'Optional'}</h3>
              <dl className="adm-import__columns-list">
                {COLUMNS.filter((c) => c.required === required).map((c) => (
                  <div key={c.name}>
                    <dt>
                      <code>{c.name}</code>
                    </dt>
                    <dd>{c.holds}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </section>
      </div>
    </>
  );
}

function AgainButton({ onClick }: { onClick: () => void }) {
  return (
    <p className="adm-import__again">
      <button type="button" className="adm-button adm-button--ghost adm-button--small" onClick={onClick}>
        Import another file
      </button>
    </p>
  );
}

/** The bar while the store reads the file: how many rows, and how much of the file. */
function Reading({ file, progress }: { file: File; progress: ImportProgress | null }) {
  const id = useId();
  const percent = progress ? progressPercent(progress, file.size) : null;
  return (
    <section className="adm-panel adm-import__reading" aria-labelledby={`${id}-title`} aria-busy="true">
      <h2 id={`${id}-title`} className="adm-panel__title">
        Importing <span className="adm-import__name">{file.name}</span>
      </h2>
      {/* Without a value the bar shows that something is happening before the first count arrives. */}
      <progress className="adm-import__bar" aria-labelledby={`${id}-title`} max={100} value={percent ?? undefined} />
      <p className="adm-import__count">{progress ? progressText(progress, file.size) : `Sending ${sizeText(file.size)}…`}</p>
      <p className="adm-muted adm-small">Stay on this page until the import is done.</p>
    </section>
  );
}

/** What the import came to: the counts, then every row's problems by line (the first ones, when there are many). */
function Outcome({
  id,
  heading,
  file,
  outcome,
  onAgain,
}: {
  id: string;
  heading: React.RefObject<HTMLHeadingElement | null>;
  file: File;
  outcome: ImportOutcome;
  onAgain: () => void;
}) {
  if (outcome.type === 'failed') {
    return (
      <section className="adm-panel adm-import__outcome" aria-labelledby={id}>
        <h2 id={id} ref={heading} tabIndex={-1} className="adm-panel__title">
          The import failed
        </h2>
        <p className="form-banner form-banner--error">{outcome.message}</p>
        <AgainButton onClick={onAgain} />
      </section>
    );
  }
  const listed = outcome.errors.length;
  return (
    <section className="adm-panel adm-import__outcome" aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={-1} className="adm-panel__title">
        {outcomeText(outcome)}
      </h2>
      <p className="adm-panel__lead">
        <span className="adm-import__name">{file.name}</span>: {outcome.rows.toLocaleString('en-US')} {outcome.rows === 1 ? 'row' : 'rows'} read.
        {outcome.errors_total > 0 ? ' The rows below were left out; correct them in the file and import it again.' : ' Every row was saved.'}
      </p>
      {outcome.errors_total > 0 && (
        <>
          <h3 className="adm-import__problems-title" id={`${id}-problems`}>
            Rows with problems
          </h3>
          {outcome.errors_total > listed && (
            <p className="adm-import__shown">
              Showing the first {listed.toLocaleString('en-US')} of {outcome.errors_total.toLocaleString('en-US')}.
            </p>
          )}
          <TableScroll label="Rows with problems">
            <table className="adm-table adm-table--problems" aria-labelledby={`${id}-problems`}>
              <thead>
                <tr>
                  <th scope="col" className="adm-num">
                    Line
                  </th>
                  <th scope="col">Problems</th>
                </tr>
              </thead>
              <tbody>
                {outcome.errors.map((row) => (
                  <tr key={row.line}>
                    <th scope="row" className="adm-num">
                      {row.line.toLocaleString('en-US')}
                    </th>
                    <td>
                      <ul className="adm-import__problems">
                        {row.problems.map((problem, i) => (
                          <li key={i}>{problem}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
      <div className="adm-import__next">
        <Link className="adm-button adm-button--small" to={STONES_PATH}>
          Go to the inventory
        </Link>
        <button type="button" className="adm-button adm-button--ghost adm-button--small" onClick={onAgain}>
          Import another file
        </button>
      </div>
    </section>
  );
}
