import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { APPOINTMENT_KIND_LABELS, type AdminAppointment, type AdminAppointmentListResponse } from '@everstone/contract';
import calendarHref from '../../../styles/admin-calendar.css?url';
import { PageHead } from '../kit/frame';
import { AppointmentDialog, type AppointmentAction } from './appointment-dialogs';
import {
  KIND_BADGE,
  calendarHref as rangeHref,
  dayHeading,
  includes,
  longDay,
  rangeDays,
  rangeText,
  stepCalendar,
  switchView,
  todayCalendar,
  type CalendarDays,
  type CalendarState,
} from './calendar-query';
import { formatTime, storeToday, telHref } from '../kit/format';
import { OutcomeBanner, StateTabs, type Outcome } from '../kit/lists';

/** The calendar's own rules, beside the back office's stylesheet (hoisted and shared the same way). */
function CalendarStyles() {
  return <link rel="stylesheet" href={calendarHref} precedence="default" />;
}

const VIEW_TEXT: Record<'1' | '7', string> = { '1': 'Day', '7': 'Week' };

interface Props {
  list: AdminAppointmentListResponse;
  state: CalendarState;
  /** When the list was loaded: "today" and which appointments are past are read from it. */
  at: number;
  busy: boolean;
  /** Loads the range again after a change; resolves once the new list is on screen. */
  reload: () => Promise<void>;
}

/**
 * /admin/appointments: the showroom's calendar, a day or a week (Monday first) on New York time, each appointment
 * with the way to reach the shopper, and moving or cancelling it (the shopper is emailed either way).
 */
export function CalendarPage({ list, state, at, busy, reload }: Props) {
  const today = storeToday(new Date(at));
  const [action, setAction] = useState<AppointmentAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const statusBox = useRef<HTMLDivElement>(null);
  const changed = useRef(false);
  const unit = state.days === 7 ? 'week' : 'day';
  const count = list.appointments.length;

  function open(next: AppointmentAction, button: HTMLButtonElement) {
    opener.current = button;
    setAction(next);
  }

  async function done(message: string) {
    // The dialog stays open ("Saving…") until the calendar shows the change, so focus returns to a settled page.
    await reload();
    changed.current = true;
    setOutcome({ kind: 'success', text: message });
    setAction(null);
  }

  /**
   * Where focus goes when the dialog closes: after a change, to the sentence that says what happened (the card may
   * have moved to another day or left the calendar); otherwise back to the button that opened it.
   */
  function returnFocus(): HTMLElement | null {
    const after = changed.current;
    changed.current = false;
    return !after && opener.current?.isConnected ? opener.current : statusBox.current;
  }

  const byDay = new Map(rangeDays(state).map((day) => [day, [] as AdminAppointment[]]));
  for (const appointment of list.appointments) byDay.get(storeToday(new Date(appointment.starts_at)))?.push(appointment);

  return (
    <>
      <CalendarStyles />
      <PageHead title="Appointments" lead={<>{rangeText(state)} · New York time</>} />
      <div className="adm-cal-bar">
        <StateTabs<'1' | '7'>
          label="Calendar view"
          value={String(state.days) as '1' | '7'}
          options={['1', '7']}
          text={VIEW_TEXT}
          href={(days) => rangeHref(switchView(state, Number(days) as CalendarDays, today))}
        />
        <nav className="adm-cal-steps" aria-label={state.days === 7 ? 'Weeks' : 'Days'}>
          <Link className="adm-button adm-button--ghost adm-button--small" to={rangeHref(stepCalendar(state, -1))} preventScrollReset>
            <span aria-hidden="true">‹</span> Previous<span className="visually-hidden"> {unit}</span>
          </Link>
          <Link
            className="adm-button adm-button--ghost adm-button--small"
            to={rangeHref(todayCalendar(state.days, today))}
            aria-current={includes(state, today) ? 'date' : undefined}
            preventScrollReset
          >
            Today
          </Link>
          <Link className="adm-button adm-button--ghost adm-button--small" to={rangeHref(stepCalendar(state, 1))} preventScrollReset>
            Next<span className="visually-hidden"> {unit}</span> <span aria-hidden="true">›</span>
          </Link>
        </nav>
        <p className="adm-list-bar__count adm-cal-bar__count" role="status" aria-live="polite">
          {count === 0 ? `No appointments this ${unit}` : `${count} ${count === 1 ? 'appointment' : 'appointments'} this ${unit}`}
          {busy && <span className="adm-muted"> · updating…</span>}
        </p>
      </div>

      <div ref={statusBox} className="adm-cal-status" role="status" tabIndex={-1}>
        <OutcomeBanner outcome={outcome} />
      </div>

      {state.days === 7 ? (
        <ol className={busy ? 'adm-cal-week is-busy' : 'adm-cal-week'} aria-label={`Week of ${longDay(state.from)}`} aria-busy={busy || undefined}>
          {[...byDay].map(([day, appointments]) => {
            const heading = dayHeading(day);
            const headingId = `cal-day-${day}`;
            return (
              <li key={day} className={day === today ? 'adm-cal-day adm-cal-day--today' : 'adm-cal-day'}>
                <h2 id={headingId} className="adm-cal-day__title">
                  <span className="adm-cal-day__weekday">{heading.weekday}</span> <span className="adm-cal-day__date">{heading.date}</span>
                  {day === today && <span className="adm-cal-day__today">Today</span>}
                </h2>
                <DayList appointments={appointments} at={at} onAction={open} compact />
              </li>
            );
          })}
        </ol>
      ) : (
        <section className={busy ? 'adm-cal-single is-busy' : 'adm-cal-single'} aria-labelledby="cal-day-title" aria-busy={busy || undefined}>
          <h2 id="cal-day-title" className="visually-hidden">
            {longDay(state.from)}
          </h2>
          <DayList appointments={byDay.get(state.from) ?? []} at={at} onAction={open} />
        </section>
      )}

      <AppointmentDialog
        action={action}
        today={today}
        onClose={() => setAction(null)}
        onDone={done}
        returnFocus={returnFocus}
      />
    </>
  );
}

function DayList({
  appointments,
  at,
  onAction,
  compact = false,
}: {
  appointments: AdminAppointment[];
  at: number;
  onAction: (action: AppointmentAction, button: HTMLButtonElement) => void;
  compact?: boolean;
}) {
  if (appointments.length === 0) return <p className={compact ? 'adm-cal-none' : 'adm-empty adm-empty--box'}>No appointments.</p>;
  return (
    <ul className={compact ? 'adm-cal-list' : 'adm-cal-list adm-cal-list--day'}>
      {appointments.map((appointment) => (
        <li key={appointment.id}>
          <AppointmentCard appointment={appointment} past={new Date(appointment.starts_at).getTime() <= at} onAction={onAction} />
        </li>
      ))}
    </ul>
  );
}

/** One appointment: when (New York), which kind, who and how to reach them, their note; and Move and Cancel. */
function AppointmentCard({
  appointment,
  past,
  onAction,
}: {
  appointment: AdminAppointment;
  past: boolean;
  onAction: (action: AppointmentAction, button: HTMLButtonElement) => void;
}) {
  const time = formatTime(appointment.starts_at);
  const titleId = `appointment-${appointment.id}`;
  const whose = `${appointment.name}, ${time}`;
  return (
    <article className={past ? 'adm-appt adm-appt--past' : 'adm-appt'} aria-labelledby={titleId}>
      <header className="adm-appt__head">
        <time className="adm-appt__time" dateTime={appointment.starts_at}>
          {time}
        </time>
        <span className={`adm-badge adm-badge--appt-${appointment.kind}`} title={APPOINTMENT_KIND_LABELS[appointment.kind]}>
          <span className="visually-hidden">Kind: </span>
          {KIND_BADGE[appointment.kind]}
        </span>
      </header>
      <div className="adm-appt__body">
        <h3 id={titleId} className="adm-appt__name">
          {appointment.name}
        </h3>
        <p className="adm-appt__contact">
          <a className="adm-link" href={`mailto:${appointment.email}`}>
            <EmailText email={appointment.email} />
          </a>
          <a className="adm-link" href={telHref(appointment.phone)}>
            {appointment.phone}
          </a>
        </p>
        {appointment.note && (
          <p className="adm-appt__note">
            <span className="visually-hidden">Note from the shopper: </span>
            {appointment.note}
          </p>
        )}
      </div>
      {past ? (
        <p className="adm-appt__past">Past</p>
      ) : (
        <div className="adm-appt__actions">
          <button
            type="button"
            className="adm-button adm-button--ghost adm-button--small"
            aria-haspopup="dialog"
            onClick={(e) => onAction({ kind: 'move', appointment }, e.currentTarget)}
          >
            Move<span className="visually-hidden">: {whose}</span>
          </button>
          <button
            type="button"
            className="adm-button adm-button--danger-ghost adm-button--small"
            aria-haspopup="dialog"
            onClick={(e) => onAction({ kind: 'cancel', appointment }, e.currentTarget)}
          >
            Cancel<span className="visually-hidden">: {whose}</span>
          </button>
        </div>
      )}
    </article>
  );
}

/** An address that may wrap after its @ in a narrow column, rather than inside a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
