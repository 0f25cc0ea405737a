import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
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

/** Shows a form's field errors (the contract's or a 422's) and, once they are drawn, moves focus to the first. */
export function showFieldErrors(errors: FieldErrors, setErrors: (errors: FieldErrors) => void, form: { readonly current: HTMLFormElement | null }) {
  setErrors(errors);
  requestAnimationFrame(() => focusFirstInvalid(form.current));
}

interface FieldShell {
  /** The API's key for this field, used for its messages and as the control's name. */
  name: string;
  label: string;
  errors: FieldErrors;
  optional?: boolean;
  hint?: string;
  wide?: boolean;
}

function Shell({ id, name, label, errors, optional, hint, wide, children }: FieldShell & { id: string; children: ReactNode }) {
  const messages = errors[name];
  return (
    <div className={wide ? 'form-field form-field--wide' : 'form-field'}>
      <label className="form-label" htmlFor={id}>
        {label}
        {optional && <span className="form-optional"> (optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="profile-hint">
          {hint}
        </p>
      )}
      {messages && (
        <p id={`${id}-error`} className="field-error">
          {messages.join(' ')}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, hint: string | undefined, messages: string[] | undefined) {
  const ids = [hint ? `${id}-hint` : '', messages ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

/** A labelled input with its hint and its messages beside it. */
export function TextField({
  name,
  label,
  errors,
  optional,
  hint,
  wide,
  ...input
}: FieldShell & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const id = useId();
  const messages = errors[name];
  return (
    <Shell id={id} name={name} label={label} errors={errors} optional={optional} hint={hint} wide={wide}>
      <input
        {...input}
        id={id}
        name={name}
        className="form-control"
        required={!optional}
        aria-invalid={messages ? true : undefined}
        aria-describedby={describedBy(id, hint, messages)}
      />
    </Shell>
  );
}

/** A labelled select with its messages beside it. */
export function SelectField({
  name,
  label,
  errors,
  optional,
  hint,
  wide,
  children,
  ...select
}: FieldShell & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'>) {
  const id = useId();
  const messages = errors[name];
  return (
    <Shell id={id} name={name} label={label} errors={errors} optional={optional} hint={hint} wide={wide}>
      <select
        {...select}
        id={id}
        name={name}
        className="form-control"
        required={!optional}
        aria-invalid={messages ? true : undefined}
        aria-describedby={describedBy(id, hint, messages)}
      >
        {children}
      </select>
    </Shell>
  );
}

/** The line under a submit button: success in green, failure in red, announced either way. */
export function FormNotice({ notice }: { notice: Notice }) {
  return (
    <div role="status" aria-live="polite" className="form-live">
      {notice && <p className={`form-banner form-banner--${notice.kind}`}>{notice.text}</p>}
    </div>
  );
}
