import { useState, type ReactNode } from 'react';
import { Field, type BoundForm } from '../../../components/ui/form';

/**
 * A text staff write for a shopper to read (a reply, a note in an email): a field of a form on the kit, with how much
 * of the length the server takes is used so far, counted as it is typed.
 */
export function CountedText<F extends string>({
  form,
  name,
  label,
  hint,
  max,
  rows,
  optional,
}: {
  form: BoundForm<F>;
  name: F;
  label: string;
  hint: ReactNode;
  max: number;
  rows: number;
  optional?: boolean;
}) {
  const [length, setLength] = useState(0);
  const countId = `${form.id}-${name}-count`;
  return (
    <>
      <Field
        form={form}
        as="textarea"
        name={name}
        label={label}
        optional={optional}
        hint={hint}
        describedBy={countId}
        controlClassName="adm-control"
        rows={rows}
        maxLength={max}
        onChange={(e) => setLength(e.target.value.length)}
      />
      <p id={countId} className="adm-field-hint adm-field-hint--count">
        {length.toLocaleString('en-US')} of {max.toLocaleString('en-US')} characters
      </p>
    </>
  );
}
