import type { FieldErrors } from './field-errors';

/** Messages by field, keyed as the API keys them (`first_name`, `address.street`); one type for every form. */
export type { FieldErrors };

/** A form's outcome line under its submit button. */
export type Notice = { kind: 'success' | 'error'; text: string } | null;

/** The contract's schemas fail with issues; keyed the way the server's 422 keys them (path joined by dots). */
export function errorsFromIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/**
 * Moves focus to the first field marked invalid, so the shopper lands on what needs fixing. Scrolled to the
 * middle, with its label, rather than to the edge, where a dialog's sticky title would cover it.
 */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'center' });
}

/** The line under a submit button: success in green, failure in red, announced either way. */
export function FormNotice({ notice }: { notice: Notice }) {
  return (
    <div role="status" aria-live="polite" className="form-live">
      {notice && <p className={`form-banner form-banner--${notice.kind}`}>{notice.text}</p>}
    </div>
  );
}
