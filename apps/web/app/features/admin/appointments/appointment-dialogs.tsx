import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState } from 'react';
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
import { errorsFromIssues, type FieldErrors } from '../../../components/ui/fields';
import { FieldError, describedBy, withoutField } from '../../../components/ui/field-errors';
import { adminApi, type AdminFailure } from '../kit/admin-api';
import { bookableDays, isDay, longDay } from './calendar-query';
import { formatTime, storeToday } from '../kit/format';
import { useFailureText } from '../kit/lists';
import { useReauth } from '../kit/reauth';
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
  const [sending, setSending] = useState(false);
  if (action !== null && action !== shown) {
    setShown(action);
    setOpening((n) => n + 1);
  }
  const appointment = shown?.appointment;

  return (
    <Dialog.Root
      open={action !== null}
      onOpenChange={(next) => {
        if (!next && !sending) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="adm-dialog-overlay" />
        <Dialog.Content
          className="adm-dialog adm-cal-dialog"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus()?.focus();
          }}
        >
          {appointment && shown.kind === 'move' && (
            <MoveForm key={opening} appointment={appointment} today={today} sending={sending} setSending={setSending} onDone={onDone} />
          )}
          {appointment && shown.kind === 'cancel' && (
            <CancelForm key={opening} appointment={appointment} sending={sending} setSending={setSending} onDone={onDone} />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
  sending: boolean;
  setSending: (sending: boolean) => void;
  onDone: Done;
}

/** What a failed change says: the field's messages, or a sentence for the banner (null: nothing more to say). */
function useFailure() {
  const failureText = useFailureText();
  return async (result: AdminFailure, fallback: string) =>
    result.status === 404 || result.status === 409 ? (result.message ?? fallback) : failureText(result, fallback);
}

function NoteField({ id, value, onChange, errors, hint }: { id: string; value: string; onChange: (value: string) => void; errors: FieldErrors; hint: string }) {
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={`${id}-note`}>
        Note to the shopper <span className="adm-cal-optional">(optional)</span>
      </label>
      <p id={`${id}-note-hint`} className="adm-field-hint">
        {hint}
      </p>
      <textarea
        id={`${id}-note`}
        name="note"
        className="form-control adm-control"
        rows={3}
        maxLength={NOTE_TO_SHOPPER_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...describedBy(id, errors, 'note', `${id}-note-hint`, `${id}-note-count`)}
      />
      <p id={`${id}-note-count`} className="adm-field-hint adm-field-hint--count">
        {value.length.toLocaleString('en-US')} of {NOTE_TO_SHOPPER_MAX.toLocaleString('en-US')} characters
      </p>
      <FieldError formId={id} errors={errors} field="note" />
    </div>
  );
}

/** Moving an appointment: a day, one of its free times for the same kind, and a note for the shopper's email. */
function MoveForm({ appointment, today, sending, setSending, onDone }: FormProps & { today: string }) {
  const id = useId();
  const run = useReauth();
  const failure = useFailure();
  const range = bookableDays(today);
  const currentDay = storeToday(new Date(appointment.starts_at));
  const [day, setDay] = useState(currentDay >= today && currentDay <= range.max ? currentDay : today);
  const [picked, setPicked] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const slots = useFreeSlots(day, appointment.kind, version, range);
  const dayInput = useRef<HTMLInputElement>(null);
  const timesBox = useRef<HTMLFieldSetElement>(null);
  const kind = APPOINTMENT_KIND_LABELS[appointment.kind].toLowerCase();

  function focusTimes() {
    const first = timesBox.current?.querySelector<HTMLInputElement>('input[type="radio"]');
    (first ?? dayInput.current)?.focus();
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const body = { starts_at: picked ?? '', ...(note.trim() ? { note } : {}) };
    const parsed = adminRescheduleRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found = errorsFromIssues(parsed.error.issues);
      setErrors(found.starts_at ? { ...found, starts_at: ['Please choose one of the free times.'] } : found);
      focusTimes();
      return;
    }
    setErrors({});
    setBanner(null);
    setSending(true);
    const result = await run(() => adminApi.post(`/api/admin/appointments/${appointment.id}/reschedule`, body, adminAppointmentResponseSchema));
    if (result?.ok) {
      await onDone(result.data.message);
      setSending(false);
      return;
    }
    setSending(false);
    if (result === null) return;
    if (result.status === 422 && result.errors) {
      setErrors(result.errors);
      if (result.errors.starts_at) {
        setPicked(null);
        setVersion((v) => v + 1);
      }
      focusTimes();
      return;
    }
    if (result.status === 409) {
      // Someone booked that time since the list was loaded: the list is asked for again.
      setPicked(null);
      setVersion((v) => v + 1);
    }
    const text = await failure(result, 'The appointment could not be moved. Please try again in a moment.');
    if (text) setBanner(text);
  }

  return (
    <>
      <Dialog.Title className="adm-dialog__title">Move {appointment.name}’s appointment</Dialog.Title>
      <Dialog.Description className="adm-dialog__text">
        Now: {APPOINTMENT_KIND_LABELS[appointment.kind]}, {whenText(appointment)} Eastern. {appointment.name} is emailed the new time.
      </Dialog.Description>
      <form className="adm-form" onSubmit={submit} noValidate aria-label={`Move ${appointment.name}’s appointment`}>
        <div className="form-field">
          <label className="form-label" htmlFor={`${id}-day`}>
            Day
          </label>
          <input
            ref={dayInput}
            id={`${id}-day`}
            type="date"
            className="form-control adm-control adm-cal-date"
            value={day}
            min={range.min}
            max={range.max}
            required
            onChange={(e) => {
              setDay(e.target.value);
              setPicked(null);
              setErrors((current) => withoutField(current, 'starts_at'));
            }}
            aria-describedby={`${id}-day-hint`}
          />
          <p id={`${id}-day-hint`} className="adm-field-hint">
            Any day from today to {longDay(range.max)}.
          </p>
        </div>
        <fieldset ref={timesBox} className="adm-cal-times" aria-describedby={errors.starts_at ? `${id}-starts_at-error` : undefined} aria-busy={slots.status === 'loading'}>
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
          {slots.status === 'ready' && slots.free.length > 0 && (
            <div className="adm-cal-slots">
              {slots.free.map((slot) => (
                <label key={slot.starts_at} className="adm-cal-slot">
                  <input
                    type="radio"
                    name="starts_at"
                    value={slot.starts_at}
                    checked={picked === slot.starts_at}
                    onChange={() => {
                      setPicked(slot.starts_at);
                      setErrors((current) => withoutField(current, 'starts_at'));
                    }}
                  />
                  <span>{formatTime(slot.starts_at)}</span>
                </label>
              ))}
            </div>
          )}
          <FieldError formId={id} errors={errors} field="starts_at" />
        </fieldset>
        <NoteField
          id={id}
          value={note}
          errors={errors}
          onChange={(value) => {
            setNote(value);
            setErrors((current) => withoutField(current, 'note'));
          }}
          hint="Added to the email, for instance why the time changed."
        />
        <DialogActions error={banner} sending={sending} label="Save" busyLabel="Saving…" />
      </form>
    </>
  );
}

/** Cancelling an appointment: what it does, an optional note for the shopper's email, then the step itself. */
function CancelForm({ appointment, sending, setSending, onDone }: FormProps) {
  const id = useId();
  const run = useReauth();
  const failure = useFailure();
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const noteBox = useRef<HTMLDivElement>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const body = note.trim() ? { note } : {};
    const parsed = adminCancelAppointmentRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(errorsFromIssues(parsed.error.issues));
      noteBox.current?.querySelector('textarea')?.focus();
      return;
    }
    setErrors({});
    setBanner(null);
    setSending(true);
    const result = await run(() => adminApi.post(`/api/admin/appointments/${appointment.id}/cancel`, body, adminAppointmentResponseSchema));
    if (result?.ok) {
      await onDone(result.data.message);
      setSending(false);
      return;
    }
    setSending(false);
    if (result === null) return;
    if (result.status === 422 && result.errors) {
      setErrors(result.errors);
      noteBox.current?.querySelector('textarea')?.focus();
      return;
    }
    const text = await failure(result, 'The appointment could not be cancelled. Please try again in a moment.');
    if (text) setBanner(text);
  }

  return (
    <>
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
      <form className="adm-form" onSubmit={submit} noValidate aria-label={`Cancel ${appointment.name}’s appointment`}>
        <div ref={noteBox}>
          <NoteField
            id={id}
            value={note}
            errors={errors}
            onChange={(value) => {
              setNote(value);
              setErrors((current) => withoutField(current, 'note'));
            }}
            hint="Added to the email, for instance an apology or another time to suggest."
          />
        </div>
        <DialogActions error={banner} sending={sending} label="Cancel appointment" busyLabel="Cancelling…" danger />
      </form>
    </>
  );
}
