import type { FieldErrors } from '../../lib/api';

/** A 422's errors map (§5): field name to the server's messages about it. */
export type { FieldErrors };

export const fieldErrorId = (formId: string, field: string) => `${formId}-${field}-error`;

/**
 * The attributes that tie a control to the server's message about `field` (and to any hints of its own), so a
 * screen reader reads the message with the field.
 */
export function describedBy(formId: string, errors: FieldErrors, field: string, ...hints: Array<string | undefined>) {
  const invalid = (errors[field]?.length ?? 0) > 0;
  const ids = [invalid ? fieldErrorId(formId, field) : undefined, ...hints].filter(Boolean).join(' ');
  return { 'aria-invalid': invalid ? (true as const) : undefined, 'aria-describedby': ids || undefined };
}

/** The server's messages about one field, beside it. */
export function FieldError({ formId, errors, field }: { formId: string; errors: FieldErrors; field: string }) {
  const messages = errors[field];
  if (!messages?.length) return null;
  return (
    <p id={fieldErrorId(formId, field)} className="field-error">
      {messages.join(' ')}
    </p>
  );
}

/** A corrected field drops its own message; the others stay until the next attempt. */
export function withoutField(errors: FieldErrors, ...fields: string[]): FieldErrors {
  if (!fields.some((f) => errors[f])) return errors;
  const next = { ...errors };
  for (const f of fields) delete next[f];
  return next;
}
