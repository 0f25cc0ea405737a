import type { Ref } from 'react';
import { ENGRAVING, ENGRAVING_MESSAGES, RING_SIZES, RING_SIZE_UNKNOWN, engravingProblem, formatTagPrice, ringInnerDiameterMm } from '@everstone/contract/core';

/*
 * What a shopper chooses for a ring on its line, wherever a ring is bought (a piece's page, the ring builder's last
 * step): the size with its guide, and the engraving with its count, price and effect on returns. The styles are
 * jewelry.css's (jw-field, jw-note); pages that use these load it.
 */

/** US sizes with their inner diameter, and how to measure at home. */
export function SizeGuide() {
  return (
    <details className="jw-size-guide">
      <summary>Ring size guide</summary>
      <p>
        Measure the inside diameter of a ring that fits the same finger, edge to edge, and find the nearest size. Unsure? Choose “I don’t know the
        size yet”: we will ask before we make it, and your first resize is free.
      </p>
      <table>
        <caption className="visually-hidden">US ring sizes and their inner diameters</caption>
        <thead>
          <tr>
            <th scope="col">US size</th>
            <th scope="col">Inner diameter</th>
          </tr>
        </thead>
        <tbody>
          {RING_SIZES.map((s) => (
            <tr key={s}>
              <td>{s}</td>
              <td>{ringInnerDiameterMm(s)!.toFixed(1)} mm</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/**
 * The ring size: US 3 to 13 in half sizes with each one's inner diameter, or (for a ring that can be resized) "I
 * don't know the size yet", with what resizing allows and the size guide. `value` '' is "not chosen".
 */
export function RingSizeField({
  id,
  value,
  onChange,
  resizable,
  invalid = false,
  selectRef,
}: {
  id: string;
  value: string;
  onChange: (size: string) => void;
  resizable: boolean;
  invalid?: boolean;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  return (
    <div className="jw-field">
      <label htmlFor={`${id}-size`}>Ring size</label>
      <select
        id={`${id}-size`}
        ref={selectRef}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-size-note`}
        aria-invalid={invalid || undefined}
      >
        <option value="">Choose a size</option>
        {resizable && <option value={RING_SIZE_UNKNOWN}>I don’t know the size yet (one free resize)</option>}
        {RING_SIZES.map((s) => (
          <option key={s} value={s}>
            {s} ({ringInnerDiameterMm(s)!.toFixed(1)} mm)
          </option>
        ))}
      </select>
      <p id={`${id}-size-note`} className="jw-note">
        {resizable
          ? 'Your first resize is free, within two sizes.'
          : 'Stones run all the way round this ring, so it cannot be resized after it is made: please choose the size with care.'}
      </p>
      <SizeGuide />
    </div>
  );
}

/** The engraving inside the band: its price, a live count of the characters it may hold, what it does to returns. */
export function EngravingField({ id, value, onChange }: { id: string; value: string; onChange: (text: string) => void }) {
  const text = value.trim();
  const problem = text ? engravingProblem(text) : null;
  return (
    <div className="jw-field">
      <label htmlFor={`${id}-engraving`}>
        Engraving <span className="jw-optional">(optional, +{formatTagPrice(ENGRAVING.priceCents)})</span>
      </label>
      <input
        id={`${id}-engraving`}
        value={value}
        maxLength={ENGRAVING.maxLength + 4}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-engraving-note`}
        aria-invalid={problem ? true : undefined}
        autoComplete="off"
      />
      <p id={`${id}-engraving-note`} className={problem ? 'jw-note jw-note--error' : 'jw-note'}>
        {problem ?? `${[...text].length}/${ENGRAVING.maxLength} characters: letters, digits, spaces and & / _ ! ? . ( ) - ' ♥.`}{' '}
        {ENGRAVING_MESSAGES.returns}
      </p>
    </div>
  );
}
