import DatePicker, { registerLocale } from 'react-datepicker';
import { enUS } from 'date-fns/locale/en-US';
import { EARLIEST_DATE } from '@everstone/contract';
import datepickerHref from 'react-datepicker/dist/react-datepicker.css?url';

/** The locale the calendar runs in: US English, with day names read out as 'Thursday, April 12, 1990'. */
const CALENDAR_LOCALE = 'en-US-spoken';
// date-fns spells a full date with an ordinal ('April 12th'), so a day's spoken name would not contain the
// '12' it shows, and voice control could not reach it (WCAG 2.5.3, Label in Name).
registerLocale(CALENDAR_LOCALE, {
  ...enUS,
  formatLong: {
    ...enUS.formatLong,
    date: (options) => (options?.width === 'full' ? 'EEEE, MMMM d, y' : enUS.formatLong.date(options)),
  },
});

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day (a local midnight) as the API's YYYY-MM-DD. */
export const toIsoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** YYYY-MM-DD as a local midnight, or null for anything else. */
export function fromIsoDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 ? d : null;
}

/**
 * What the date box posts without JavaScript ('04/12/1990', §9 MM/dd/yyyy) as YYYY-MM-DD; an empty box is ''.
 * Anything else goes to the server as typed, which answers with the field's message.
 */
export function usDateToIso(text: string): string {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  return m ? `${m[3]}-${pad(Number(m[1]))}-${pad(Number(m[2]))}` : text.trim();
}

const earliest = fromIsoDate(EARLIEST_DATE)!;

/**
 * A date box with react-datepicker's calendar (§2 Sign up: MM/dd/yyyy, month and year dropdowns). No date
 * after today can be chosen or typed. The calendar's own month and year selects (`showMonthDropdown`,
 * `showYearDropdown`, `dropdownMode="select"`) have no accessible name, which screen readers announce as a
 * bare "combo box" (axe: select-name, critical), so the calendar gets a header of its own with the same two
 * dropdowns, labelled Month and Year, between labelled previous and next buttons. Years run newest first.
 * `value` and `onChange` speak YYYY-MM-DD ('' for no date), the payload's format (§3).
 */
export function DateField({
  id,
  name,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  const years: number[] = [];
  for (let y = today.getFullYear(); y >= earliest.getFullYear(); y--) years.push(y);

  return (
    <>
      <link rel="stylesheet" href={datepickerHref} precedence="default" />
      <DatePicker
        id={id}
        name={name}
        className="form-control"
        wrapperClassName="date-field"
        calendarClassName="date-field-calendar"
        selected={fromIsoDate(value)}
        onChange={(d: Date | null) => {
          // A typed date outside the range is not taken (the calendar greys those days out).
          if (d && (d > today || d < earliest)) return;
          onChange(d ? toIsoDate(d) : '');
        }}
        dateFormat="MM/dd/yyyy"
        placeholderText="MM/DD/YYYY"
        minDate={earliest}
        maxDate={today}
        locale={CALENDAR_LOCALE}
        autoComplete="off"
        ariaInvalid={invalid ? 'true' : undefined}
        ariaDescribedBy={describedBy}
        chooseDayAriaLabelPrefix="Choose"
        disabledDayAriaLabelPrefix="Not available,"
        popperPlacement="bottom-start"
        showPopperArrow={false}
        renderCustomHeader={({ date, changeMonth, changeYear, decreaseMonth, increaseMonth, prevMonthButtonDisabled, nextMonthButtonDisabled }) => (
          <div className="date-field-head">
            <button type="button" className="date-field-step" onClick={decreaseMonth} disabled={prevMonthButtonDisabled} aria-label="Previous month">
              <span aria-hidden="true">‹</span>
            </button>
            <label className="visually-hidden" htmlFor={`${id}-month`}>
              Month
            </label>
            <select
              id={`${id}-month`}
              className="react-datepicker__month-select date-field-select"
              value={date.getMonth()}
              onChange={(e) => changeMonth(Number(e.target.value))}
            >
              {MONTHS.map((m, i) => (
                <option key={m} value={i}>
                  {m}
                </option>
              ))}
            </select>
            <label className="visually-hidden" htmlFor={`${id}-year`}>
              Year
            </label>
            <select
              id={`${id}-year`}
              className="react-datepicker__year-select date-field-select"
              value={date.getFullYear()}
              onChange={(e) => changeYear(Number(e.target.value))}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
            <button type="button" className="date-field-step" onClick={increaseMonth} disabled={nextMonthButtonDisabled} aria-label="Next month">
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
      />
    </>
  );
}
