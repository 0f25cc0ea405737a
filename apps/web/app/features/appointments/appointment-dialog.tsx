import * as Dialog from '@radix-ui/react-dialog';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import {
  APPOINTMENTS,
  APPOINTMENT_KIND_LABELS,
  CONTACT_FAILURE_MESSAGE,
  SHOWROOM_ADDRESS,
  type AppointmentKind,
  type AppointmentSlotsResponse,
} from '@everstone/contract/core';

import datepickerHref from 'react-datepicker/dist/react-datepicker.css?url';
import { CloseIcon } from '../../components/ui/icons';
import { Field, refusedBeforeSending, useForm, type FormAnswer } from '../../components/ui/form';
import { FieldError, fieldErrorId } from '../../components/ui/field-errors';
import { api, failureText, lazySchema } from '../../lib/api';
import { returnFocusOnClose } from '../../components/ui/lazy-dialog';

/** The locale the calendar runs in: US English, with day names read out as 'Monday, November 23, 2026'. */
const CALENDAR_LOCALE = 'en-US-spoken';

// The calendar is only needed once the dialog opens; keep it out of every page's first load.
const loadDatePicker = async () => {
  const [picker, { enUS }] = await Promise.all([import('react-datepicker'), import('date-fns/locale/en-US')]);
  // date-fns spells a full date with an ordinal ('November 23rd'), so a day's spoken name would not
  // contain the '23' it shows, and voice control could not reach it (WCAG 2.5.3, Label in Name).
  picker.registerLocale(CALENDAR_LOCALE, {
    ...enUS,
    formatLong: {
      ...enUS.formatLong,
      date: (options) => (options?.width === 'full' ? 'EEEE, MMMM d, y' : enUS.formatLong.date(options)),
    },
  });
  return picker;
};
const DatePicker = lazy(loadDatePicker);

/* ------------------------------------------------------------------------------------------------
 * Showroom time: slots are Eastern wall-clock times whatever the shopper's own time zone.
 * --------------------------------------------------------------------------------------------- */

const TZ = APPOINTMENTS.timeZone;
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TZ,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});
const slotTime = new Intl.DateTimeFormat('en-US', { timeZone: TZ, hour: 'numeric', minute: '2-digit' });
const slotDate = new Intl.DateTimeFormat('en-US', { timeZone: TZ, weekday: 'long', month: '2-digit', day: '2-digit', year: 'numeric' });
// Calendar dates are local midnights standing for showroom days, so they format without a time zone.
const calendarDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: '2-digit', day: '2-digit', year: 'numeric' });

/** '2:30 PM ET' */
const formatSlotTime = (iso: string) => `${slotTime.format(new Date(iso))} ET`;
/** 'Thursday, 05/14/2026' (§9: MM/dd/yyyy) */
const formatSlotDate = (iso: string) => slotDate.format(new Date(iso));

const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};
/** The YYYY-MM-DD of a calendar date, for the slots query. */
const dayKey = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The first showroom day that may still have a bookable slot, and the last one the calendar offers. */
function bookableDays(now = new Date()): { first: Date; last: Date } {
  const parts = Object.fromEntries(wallClock.formatToParts(now).map((p) => [p.type, Number(p.value)]));
  const today = new Date(parts.year!, parts.month! - 1, parts.day!);
  const tooLateToday = parts.hour! * 60 + parts.minute! + APPOINTMENTS.minNoticeMinutes > minutesOf(APPOINTMENTS.lastSlot);
  return { first: addDays(today, tooLateToday ? 1 : 0), last: addDays(today, APPOINTMENTS.maxDaysAhead) };
}

/* ------------------------------------------------------------------------------------------------
 * Calls
 * --------------------------------------------------------------------------------------------- */

// The response schemas load with the first call, not with every page (the dialog's button is in the header).
const slotsAnswer = lazySchema((c) => c.appointmentSlotsResponseSchema);
const bookedAnswer = lazySchema((c) => c.appointmentResponseSchema);

type Slot = AppointmentSlotsResponse['slots'][number];
type SlotsState = { status: 'loading' } | { status: 'ready'; slots: Slot[] } | { status: 'error' };


/** The slots of one day for one kind of appointment; `version` forces a reload (after a 409). */
function useSlots(day: string, kind: AppointmentKind, version: number): SlotsState {
  const [state, setState] = useState<SlotsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    void api.get(`/api/appointments/slots?${new URLSearchParams({ date: day, kind })}`, slotsAnswer, { signal: controller.signal }).then((res) => {
      if (controller.signal.aborted) return;
      if (res.ok) setState({ status: 'ready', slots: res.data.slots });
      else {
        console.error(`The slots answered ${res.status}`);
        setState({ status: 'error' });
      }
    });
    return () => controller.abort();
  }, [day, kind, version]);
  return state;
}

/** What the store booked, as the confirmation shows it. */
interface Booked {
  message: string;
  appointmentKind: AppointmentKind;
  startsAt: string;
}

interface Booking {
  kind: AppointmentKind;
  starts_at: string;
  name: string;
  email: string;
  phone: string;
  note: string;
}

const APPOINTMENT_FIELDS = ['kind', 'starts_at', 'name', 'email', 'phone', 'note'] as const;
type AppointmentField = (typeof APPOINTMENT_FIELDS)[number];
/** The kit's answer; on success what was booked, and whether the time was taken meanwhile (the times are loaded again). */
type BookingAnswer = FormAnswer<AppointmentField> & { booked?: Booked; taken?: boolean };

/**
 * POST /api/appointments: a 422's messages beside their fields and joined in the line, a 409's message (the time was
 * just taken), and for anything else (offline, or an answer that says nothing a shopper can act on) the generic one.
 */
async function bookAppointment(booking: Booking): Promise<BookingAnswer> {
  const res = await api.post('/api/appointments', booking, bookedAnswer);
  if (res.ok) {
    const { appointment, message } = res.data;
    return { status: res.status, ok: true, notice: null, errors: {}, values: {}, booked: { message, appointmentKind: appointment.kind, startsAt: appointment.starts_at } };
  }
  const failed = (text: string, errors: Record<string, string[]> = {}): BookingAnswer => ({ status: res.status, ok: false, notice: { kind: 'error', text }, errors, values: {} });
  if (res.status === 422 && res.errors) return failed(failureText(res) ?? '', res.errors);
  if (res.status === 409 && res.message) return { ...failed(res.message), taken: true };
  return failed(CONTACT_FAILURE_MESSAGE);
}

/* ------------------------------------------------------------------------------------------------
 * The form
 * --------------------------------------------------------------------------------------------- */

const KIND_DETAILS: Record<AppointmentKind, string> = {
  virtual: 'A live video call with a gemologist, wherever you are.',
  'in-person': `At our showroom, ${SHOWROOM_ADDRESS.street}, ${SHOWROOM_ADDRESS.city}, ${SHOWROOM_ADDRESS.region}.`,
};

const CHOOSE_A_TIME = 'Please choose a time.';

function AppointmentForm({ defaultKind }: { defaultKind: AppointmentKind }) {
  const [{ first, last }] = useState(() => bookableDays());
  const [kind, setKind] = useState<AppointmentKind>(defaultKind);
  const [date, setDate] = useState<Date>(first);
  const [slotVersion, setSlotVersion] = useState(0);
  const slots = useSlots(dayKey(date), kind, slotVersion);
  const [picked, setPicked] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);

  // A picked time counts only while the day's current list still offers it (a new kind or a reload may not).
  const chosen =
    slots.status === 'ready' && slots.slots.some((s) => s.starts_at === picked && s.available) ? picked : null;

  // The slots and the calendar live in the browser (and the dialog on every page), so the booking leaves from it.
  const form = useForm({
    fields: APPOINTMENT_FIELDS,
    send: async ({ name, email, phone, note }) => {
      if (!chosen) return refusedBeforeSending({ starts_at: [CHOOSE_A_TIME] }, { kind: 'error', text: CHOOSE_A_TIME });
      const answer = await bookAppointment({ kind, starts_at: chosen, name, email, phone, note });
      if (answer.booked) setBooked(answer.booked);
      if (answer.taken) {
        setPicked(null);
        setSlotVersion((v) => v + 1);
      }
      return answer;
    },
  });
  const id = form.id;

  if (booked) return <Confirmation booked={booked} />;

  const describedBy = (field: AppointmentField) => (form.errors[field] ? fieldErrorId(id, field) : undefined);
  const available = slots.status === 'ready' ? slots.slots.filter((s) => s.available).length : 0;
  const notice = form.notice;

  return (
    <form.Form {...form.props} className="appt-form" aria-label="Appointment details">
      <fieldset className="appt-kinds" aria-describedby={describedBy('kind')}>
        <legend className="form-label">Type of appointment</legend>
        <div className="kind-cards">
          {APPOINTMENTS.kinds.map((k) => (
            <label key={k} className="kind-card">
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  form.clear('kind');
                }}
              />
              <span className="kind-card-body">
                <span className="kind-card-title">{APPOINTMENT_KIND_LABELS[k]}</span>
                <span className="kind-card-text">{KIND_DETAILS[k]}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError formId={id} errors={form.errors} field="kind" />
      </fieldset>

      <div className="appt-when">
        <div className="appt-calendar" role="group" aria-labelledby={`${id}-date-label`} aria-describedby={`${id}-date-help`}>
          <p id={`${id}-date-label`} className="form-label">
            Date
          </p>
          <p id={`${id}-date-help`} className="visually-hidden">
            Use the arrow keys to move between days and Enter to choose one.
          </p>
          <Suspense fallback={<p className="appt-note">Loading the calendar...</p>}>
            <DatePicker
              inline
              // Inline, 'closing on select' would put the keyboard cursor back on the first day.
              shouldCloseOnSelect={false}
              selected={date}
              onChange={(d: Date | null) => {
                if (!d) return;
                setDate(d);
                setPicked(null);
                form.clear('starts_at');
              }}
              minDate={first}
              maxDate={last}
              dateFormat="MM/dd/yyyy"
              timeIntervals={30}
              yearItemNumber={12}
              calendarStartDay={0}
              locale={CALENDAR_LOCALE}
              chooseDayAriaLabelPrefix="Choose"
              disabledDayAriaLabelPrefix="Not available,"
            />
          </Suspense>
        </div>

        <fieldset className="appt-slots" aria-describedby={describedBy('starts_at')} aria-busy={slots.status === 'loading'}>
          <legend className="form-label">
            Time on {calendarDate.format(date)} <span className="appt-tz">(Eastern Time)</span>
          </legend>
          {slots.status === 'loading' && <p className="appt-note">Loading available times...</p>}
          {slots.status === 'error' && (
            <p className="appt-note">
              We could not load the times for this day.{' '}
              <button type="button" className="text-button" onClick={() => setSlotVersion((v) => v + 1)}>
                Try again
              </button>
            </p>
          )}
          {slots.status === 'ready' && available === 0 && (
            <p className="appt-note">No times are left on this day. Please choose another day.</p>
          )}
          {slots.status === 'ready' && available > 0 && (
            <div className="slot-grid">
              {slots.slots.map((s) => (
                <label key={s.starts_at} className="slot">
                  <input
                    type="radio"
                    name="starts_at"
                    value={s.starts_at}
                    disabled={!s.available}
                    checked={chosen === s.starts_at}
                    onChange={() => {
                      setPicked(s.starts_at);
                      form.clear('starts_at');
                    }}
                  />
                  <span>{formatSlotTime(s.starts_at)}</span>
                </label>
              ))}
            </div>
          )}
          <FieldError formId={id} errors={form.errors} field="starts_at" />
        </fieldset>
      </div>

      <div className="form-grid">
        <Field form={form} name="name" label="Name" type="text" autoComplete="name" required maxLength={100} />
        <Field form={form} name="email" label="Email" type="email" autoComplete="email" required maxLength={254} />
        <Field
          form={form}
          name="phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={30}
          pattern="[0-9+\(\)\s.\-]*"
          title="Digits, spaces and + ( ) - . only"
        />
        <Field
          form={form}
          as="textarea"
          name="note"
          label="Anything we should know?"
          optional
          wide
          rows={3}
          maxLength={2000}
          placeholder="Ring size, budget, styles you love..."
        />
      </div>

      <div role="alert" className="form-live">
        {notice?.kind === 'error' && <p className="form-banner form-banner--error">{notice.text}</p>}
      </div>
      <button type="submit" className="button appt-submit" disabled={form.busy}>
        {form.busy ? 'Booking...' : 'Book appointment'}
      </button>
    </form.Form>
  );
}

function Confirmation({ booked }: { booked: Booked }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: bring it to the confirmation so it is read out and Tab continues from here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="appt-confirmation">
      <h3 ref={heading} tabIndex={-1} className="appt-confirmation-title">
        You&rsquo;re booked
      </h3>
      <p role="status">{booked.message}</p>
      <dl className="appt-summary">
        <div>
          <dt>Appointment</dt>
          <dd>{APPOINTMENT_KIND_LABELS[booked.appointmentKind]}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatSlotDate(booked.startsAt)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{formatSlotTime(booked.startsAt)}</dd>
        </div>
        <div>
          <dt>Where</dt>
          <dd>
            {booked.appointmentKind === 'virtual'
              ? 'By video: a gemologist will email you the link.'
              : `${SHOWROOM_ADDRESS.street}, ${SHOWROOM_ADDRESS.city}, ${SHOWROOM_ADDRESS.region} ${SHOWROOM_ADDRESS.zip}`}
          </dd>
        </div>
      </dl>
      <Dialog.Close className="button">Done</Dialog.Close>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------------
 * The button every page uses (header, footer, home page, contact page)
 * --------------------------------------------------------------------------------------------- */

/** Fetches the calendar and its styles ahead of the first opening (the button calls it on hover or focus). */
export function warmUp() {
  void loadDatePicker();
  preload(datepickerHref, { as: 'style' });
}

/**
 * The booking dialog: virtual or in-person, a day, a free slot, and how to reach the shopper. Loaded when its
 * button (appointment-button.tsx) is first pressed, so Radix's dialog is not in any page's first load. Closing
 * gives focus back to that button.
 */
export default function AppointmentDialog({
  open,
  onOpenChange,
  defaultKind = 'virtual',
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  defaultKind?: AppointmentKind;
  returnFocusTo: React.RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="appt-dialog"
          onCloseAutoFocus={returnFocusOnClose(returnFocusTo)}
        >
          <link rel="stylesheet" href={datepickerHref} precedence="default" />
          <div className="appt-head">
            <Dialog.Title className="appt-title">Book an appointment</Dialog.Title>
            <Dialog.Close className="appt-close" aria-label="Close">
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className="appt-description">
            Meet a gemologist by video or at our New York showroom, seven days a week, for{' '}
            {APPOINTMENTS.slotMinutes} minutes of advice on diamonds, rings and jewelry.
          </Dialog.Description>
          <AppointmentForm defaultKind={defaultKind} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
