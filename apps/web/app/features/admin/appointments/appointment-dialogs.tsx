import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import {
  APPOINTMENT_KIND_LABELS,
  NOTE_TO_SHOPPER_MAX,
  adminAppointmentResponseSchema,
  adminCancelAppointmentRequestSchema,
  adminRescheduleRequestSchema,
  appointmentSlotsResponseSchema,
  type AdminAppointment,
  type AppointmentKind,
  type AppointmentSlotsResponse,
} from '@everstone/contract';
import { answerFrom, useForm, type FormAnswer } from '../../../components/ui/form';
import { FieldError, fieldErrorId } from '../../../components/ui/field-errors';
import { adminApi, type AdminResult } from '../kit/admin-api';
import { bookableDays, isDay, longDay } from './calendar-query';
import { formatTime, storeToday } from '../kit/format';
import { useFailureText } from '../kit/lists';
import { useReauth } from '../kit/reauth';
import { CountedText } from '../kit/counted-text';
import { DialogActions } from '../kit/dialog-actions';

/** What a card asked for: to move its appointment or to cancel it. */
export type AppointmentAction = { kind: 'move' | 'cancel'; appointment: AdminAppointment };

type Done = (message: string) => Promise<void>;

/** When an appointment is, in the words of the shopper's email: 'Monday, November 23, 2026 at 2:30 PM'. */
const whenText = (appointment: AdminAppointment) => `${longDay(storeToday(new Date(appointment.starts_at)))} at ${formatTime(appointment.starts_at)}`;

/**
 * The dialog of a card's Move or Cancel. It keeps the last action while it closes, so its words do not change under
 * the closing animation; each opening starts a fresh form. While the change is on its way it cannot be closed.
 */
export function AppointmentDialog({
  action,
  today,
  onClose,
  onDone,
  returnFocus,
}: {
  action: AppointmentAction | null;
  today: string;
  onClose: () => void;
  onDone: Done;
  returnFocus: () => HTMLElement | null;
}) {
  const [shown, setShown] = useState<AppointmentAction | null>(action);
  const [opening, setOpening] = useState(0);
  if (action !== null && action !== shown) {
    setShown(action);
    setOpening((n) => n + 1);
  }
  const appointment = shown?.appointment;

  return (
    <Dialog.Root open={action !== null} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="adm-dialog-overlay" />
        {appointment && shown.kind === 'move' && <MoveForm key={opening} appointment={appointment} today={today} onDone={onDone} returnFocus={returnFocus} />}
        {appointment && shown.kind === 'cancel' && <CancelForm key={opening} appointment={appointment} onDone={onDone} returnFocus={returnFocus} />}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's box around a form: while the form's change is on its way, Escape and a click outside leave it open. */
function DialogBox({ busy, returnFocus, children }: { busy: boolean; returnFocus: () => HTMLElement | null; children: React.ReactNode }) {
  const hold = (event: Event) => {
    if (busy) event.preventDefault();
  };
  return (
    <Dialog.Content
      className="adm-dialog adm-cal-dialog"
      onEscapeKeyDown={hold}
      onInteractOutside={hold}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocus()?.focus();
      }}
    >
      {children}
    </Dialog.Content>
  );
}

type SlotsState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; day: string; free: AppointmentSlotsResponse['slots'] }
  | { status: 'error' };

/** The free slots of one showroom day for one kind (the storefront's own list); `version` asks again. */
function useFreeSlots(day: string, kind: AppointmentKind, version: number, range: { min: string; max: string }): SlotsState {
  const [state, setState] = useState<SlotsState>({ status: 'loading' });
  const usable = isDay(day) && day >= range.min && day <= range.max;
  useEffect(() => {
    if (!usable) return;
    let current = true;
    setState({ status: 'loading' });
    void adminApi.get(`/api/appointments/slots?${new URLSearchParams({ date: day, kind })}`, appointmentSlotsResponseSchema).then((result) => {
      if (!current) return;
      setState(result.ok ? { status: 'ready', day, free: result.data.slots.filter((s) => s.available) } : { status: 'error' });
    });
    return () => {
      current = false;
    };
  }, [day, kind, version, usable]);
  return usable ? state : { status: 'none' };
}

interface FormProps {
  appointment: AdminAppointment;
  onDone: Done;
  returnFocus: () => HTMLElement | null;
}

/**
 * A change's answer: done (the card's page says so, and the dialog closes), or why not. A session that has ended goes
 * to sign in, with nothing to say here; any other failure is said in the server's words.
 */
function useChangeAnswer() {
  const failureText = useFailureText();
  return async <F extends string>(result: AdminResult<{ message: string }> | null, fields: readonly F[], onDone: Done, fallback: string): Promise<FormAnswer<F> | null> => {
    if (result === null) return null;
    if (result.ok) {
      await onDone(result.data.message);
      return answerFrom(result, { fields, fallback });
    }
    const text = await failureText(result, fallback);
    return text === null ? null : answerFrom(result, { fields, fallback: text });
  };
}

/** The body of a change: the note only when one was written. */
const withNote = (note: string) => (note.trim() ? { note } : {});

const MOVE_FIELDS = ['starts_at', 'note'] as const;
const CHOOSE_A_TIME = 'Please choose one of the free times.';

/** The contract's check of a move, as the form says it: a time is chosen from the list, not typed. */
export const moveSchema = {
  safeParse(value: unknown) {
    const { starts_at, note } = value as Record<(typeof MOVE_FIELDS)[number], string>;
    const checked = adminRescheduleRequestSchema.safeParse({ starts_at, ...withNote(note) });
    if (checked.success) return checked;
    return { success: false as const, error: { issues: checked.error.issues.map((issue) => (issue.path[0] === 'starts_at' ? { ...issue, message: CHOOSE_A_TIME } : issue)) } };
  },
};

/** Moving an appointment: a day, one of its free times for the same kind, and a note for the shopper's email. */
function MoveForm({ appointment, today, onDone, returnFocus }: FormProps & { today: string }) {
  const run = useReauth();
  const answer = useChangeAnswer();
  const range = bookableDays(today);
  const currentDay = storeToday(new Date(appointment.starts_at));
  const [day, setDay] = useState(currentDay >= today && currentDay <= range.max ? currentDay : today);
  const [picked, setPicked] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const slots = useFreeSlots(day, appointment.kind, version, range);
  const kind = APPOINTMENT_KIND_LABELS[appointment.kind].toLowerCase();

  /** The time chosen is gone, or was never free: the list is asked for again. */
  function askAgain() {
    setPicked(null);
    setVersion((v) => v + 1);
  }

  const form = useForm({
    fields: MOVE_FIELDS,
    schema: moveSchema,
    // The dialog closes on what was sent.
    resetOnSuccess: false,
    send: async ({ starts_at, note }) => {
      const result = await run(() =>
        adminApi.post(`/api/admin/appointments/${appointment.id}/reschedule`, { starts_at, ...withNote(note) }, adminAppointmentResponseSchema),
      );
      // Someone booked that time since the list was loaded, or the server refused it.
      if (result && !result.ok && (result.status === 409 || (result.status === 422 && result.errors?.starts_at))) askAgain();
      return answer(result, MOVE_FIELDS, onDone, 'The appointment could not be moved. Please try again in a moment.');
    },
  });
  const mustChoose = (form.errors.starts_at?.length ?? 0) > 0;
  const times = slots.status === 'ready' ? slots.free : [];
  const errorId = fieldErrorId(form.id, 'starts_at');
  // With no time to choose from, the day is what must change: it takes the message's focus.
  const dayToFix = mustChoose && times.length === 0;

  return (
    <DialogBox busy={form.busy} returnFocus={returnFocus}>
      <Dialog.Title className="adm-dialog__title">Move {appointment.name}’s appointment</Dialog.Title>
      <Dialog.Description className="adm-dialog__text">
        Now: {APPOINTMENT_KIND_LABELS[appointment.kind]}, {whenText(appointment)} Eastern. {appointment.name} is emailed the new time.
      </Dialog.Description>
      <form.Form {...form.props} className="adm-form" noValidate aria-label={`Move ${appointment.name}’s appointment`}>
        {/* The day only picks which times are listed; it is not sent. */}
        <div className="form-field">
          <label className="form-label" htmlFor={`${form.id}-day`}>
            Day
          </label>
          <input
            id={`${form.id}-day`}
            type="date"
            className="form-control adm-control adm-cal-date"
            value={day}
            min={range.min}
            max={range.max}
            required
            onChange={(e) => {
              setDay(e.target.value);
              setPicked(null);
              form.clear('starts_at');
            }}
            aria-invalid={dayToFix || undefined}
            aria-describedby={dayToFix ? `${form.id}-day-hint ${errorId}` : `${form.id}-day-hint`}
          />
          <p id={`${form.id}-day-hint`} className="adm-field-hint">
            Any day from today to {longDay(range.max)}.
          </p>
        </div>
        <fieldset className="adm-cal-times" aria-describedby={mustChoose ? errorId : undefined} aria-busy={slots.status === 'loading'}>
          <legend className="form-label">Free times (New York)</legend>
          {slots.status === 'none' && <p className="adm-field-hint">Choose a day from today to {longDay(range.max)}.</p>}
          {slots.status === 'loading' && <p className="adm-field-hint">Finding the free times…</p>}
          {slots.status === 'error' && (
            <p className="adm-field-hint">
              The free times could not be loaded.{' '}
              <button type="button" className="adm-cal-retry" onClick={() => setVersion((v) => v + 1)}>
                Try again
              </button>
            </p>
          )}
          {slots.status === 'ready' && slots.free.length === 0 && (
            <p className="adm-field-hint">No {kind} is free on {longDay(slots.day)}. Choose another day.</p>
          )}
          {times.length > 0 && (
            <div className="adm-cal-slots">
              {times.map((slot) => (
                <label key={slot.starts_at} className="adm-cal-slot">
                  <input
                    type="radio"
                    name="starts_at"
                    value={slot.starts_at}
                    checked={picked === slot.starts_at}
                    aria-invalid={mustChoose || undefined}
                    onChange={() => {
                      setPicked(slot.starts_at);
                      form.clear('starts_at');
                    }}
                  />
                  <span>{formatTime(slot.starts_at)}</span>
                </label>
              ))}
            </div>
          )}
          <FieldError formId={form.id} errors={form.errors} field="starts_at" />
        </fieldset>
        <CountedText form={form} name="note" label="Note to the shopper" optional hint="Added to the email, for instance why the time changed." max={NOTE_TO_SHOPPER_MAX} rows={3} />
        <DialogActions error={form.notice?.text ?? null} sending={form.busy} label="Save" busyLabel="Saving…" />
      </form.Form>
    </DialogBox>
  );
}

const CANCEL_FIELDS = ['note'] as const;

/** Cancelling an appointment: what it does, an optional note for the shopper's email, then the step itself. */
function CancelForm({ appointment, onDone, returnFocus }: FormProps) {
  const run = useReauth();
  const answer = useChangeAnswer();
  const form = useForm({
    fields: CANCEL_FIELDS,
    schema: adminCancelAppointmentRequestSchema,
    resetOnSuccess: false,
    send: async ({ note }) => {
      const result = await run(() => adminApi.post(`/api/admin/appointments/${appointment.id}/cancel`, withNote(note), adminAppointmentResponseSchema));
      return answer(result, CANCEL_FIELDS, onDone, 'The appointment could not be cancelled. Please try again in a moment.');
    },
  });

  return (
    <DialogBox busy={form.busy} returnFocus={returnFocus}>
      <Dialog.Title className="adm-dialog__title">Cancel {appointment.name}’s appointment</Dialog.Title>
      <Dialog.Description asChild>
        <div className="adm-dialog__text">
          <p>
            {APPOINTMENT_KIND_LABELS[appointment.kind]}, {whenText(appointment)} Eastern.
          </p>
          <p className="adm-dialog__email">
            {appointment.name} is emailed that it is cancelled, and the time becomes free for another booking.
          </p>
        </div>
      </Dialog.Description>
      <form.Form {...form.props} className="adm-form" noValidate aria-label={`Cancel ${appointment.name}’s appointment`}>
        <CountedText
          form={form}
          name="note"
          label="Note to the shopper"
          optional
          hint="Added to the email, for instance an apology or another time to suggest."
          max={NOTE_TO_SHOPPER_MAX}
          rows={3}
        />
        <DialogActions error={form.notice?.text ?? null} sending={form.busy} label="Cancel appointment" busyLabel="Cancelling…" danger />
      </form.Form>
    </DialogBox>
  );
}
