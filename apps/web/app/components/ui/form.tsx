import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { data, useFetcher } from 'react-router';
import { failureText, type ApiResult } from '../../lib/api';
import { errorsFromIssues, focusFirstInvalid, type Notice } from './fields';
import { fieldErrorId, withoutField, type FieldErrors } from './field-errors';

/*
 * The storefront's form kit. A form has one path: it posts to its route's action, which calls the API in-process
 * and answers a FormAnswer. With JavaScript the post goes through a fetcher (the page stays, the answer arrives as
 * data); without it the browser posts the form and the page is drawn again with the same answer. The component
 * reads the answer the same way in both cases, so there is no second, fetch-based copy of the call to drift.
 *
 * A form whose session lives only in the browser (the back office's cookie and its password prompt, the account
 * pages' token) cannot be sent from the page server; it gives the hook `send`, its one path, which answers the same
 * FormAnswer. Either way the hook, not the component, keeps the messages, the line and the busy state.
 */

/** What a form's action answers, the same for every form: the API's status, the line under the button, the
 * messages by field (keyed as the API keys them), and what the form shows again (never a password). */
export interface FormAnswer<F extends string = string> {
  /** The API's status; 0 when no usable answer came. */
  status: number;
  ok: boolean;
  notice: Notice;
  errors: FieldErrors;
  values: Partial<Record<F, string>>;
}

/** The action's reply: the answer, with the status a browser posting without scripts should see. */
export function replyWith<F extends string>(answer: FormAnswer<F>) {
  return data(answer, { status: answer.ok ? 200 : answer.status === 422 ? 422 : answer.status >= 400 && answer.status < 500 ? answer.status : 502 });
}

/**
 * The browser's side of a form's action: the post goes to the page's server action, and when that trip itself
 * fails (the network, or the page server answering nothing a page can read) the form says `fallback` (§8's line)
 * and keeps what was typed, instead of the page giving way to an error screen.
 */
export function formClientAction<F extends string>(fields: readonly F[], fallback: string) {
  return async ({ request, serverAction }: { request: Request; serverAction: <T>() => Promise<T> }): Promise<FormAnswer<F>> => {
    const typed = readForm(await request.clone().formData(), fields);
    try {
      return await serverAction<FormAnswer<F>>();
    } catch {
      return { status: 0, ok: false, notice: { kind: 'error', text: fallback }, errors: {}, values: withoutSecrets(typed) };
    }
  };
}

/** What the form may show again of what was typed: everything but a password. */
export function withoutSecrets<F extends string>(values: Record<F, string>): Partial<Record<F, string>> {
  return Object.fromEntries(Object.entries(values).filter(([field]) => !field.startsWith('password'))) as Partial<Record<F, string>>;
}

/** A posted form's text fields, each read as text ('' when absent or a file). */
export function readForm<F extends string>(form: FormData, fields: readonly F[]): Record<F, string> {
  const values = {} as Record<F, string>;
  for (const field of fields) {
    const value = form.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/**
 * An API answer as a browser-sent form's answer: a success says `success` (if anything); a 422 puts each message
 * beside its field and those no field of the form shows in the line (or `corrected`, when every one is beside its
 * field); any other refusal (4xx) says the server's words, and anything else `fallback`.
 */
export function answerFrom<F extends string>(
  result: ApiResult<unknown>,
  {
    fields,
    fallback,
    success,
    corrected,
    values = {},
  }: { fields: readonly F[]; fallback: string; success?: string; corrected?: string; values?: Partial<Record<F, string>> },
): FormAnswer<F> {
  if (result.ok) return { status: result.status, ok: true, notice: success ? { kind: 'success', text: success } : null, errors: {}, values: {} };
  const kept = withoutSecrets(values as Record<F, string>);
  if (result.status === 422 && result.errors) {
    const shown = new Set<string>(fields);
    const elsewhere = Object.entries(result.errors)
      .filter(([field]) => !shown.has(field))
      .flatMap(([, messages]) => messages);
    const text = elsewhere.join(' ') || corrected;
    return { status: 422, ok: false, notice: text ? { kind: 'error', text } : null, errors: result.errors, values: kept };
  }
  const text = (result.status >= 400 && result.status < 500 && failureText(result)) || fallback;
  return { status: result.status, ok: false, notice: { kind: 'error', text }, errors: {}, values: kept };
}

/** A form's own check failed before anything was sent: its messages, as an answer. */
export function refusedBeforeSending<F extends string>(errors: FieldErrors, notice: Notice = null): FormAnswer<F> {
  return { status: 422, ok: false, notice, errors, values: {} };
}

/** What a schema must offer the kit to check a form before it is sent: zod's safeParse, as the contract's are. */
interface FormSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

export interface FormOptions<F extends string> {
  /** The answer the page was drawn with (the route's actionData), after a post made without scripts. */
  answer?: FormAnswer<F>;
  /** The fields the form posts: what the schema is checked against and what a message may be keyed by. */
  fields: readonly F[];
  /** The contract's schema of what the form sends, checked in the browser before the post (the server checks it again). */
  schema?: FormSchema;
  /** Which fields a field's message also covers ('first_name' drops 'name' as it is corrected). */
  covers?: Partial<Record<F, readonly string[]>>;
  /** Whether a success empties the form (the default), or leaves what was typed (a reset link's address). */
  resetOnSuccess?: boolean;
  /** Called once for each answer that arrives (through the fetcher or `send`; never for the page's own actionData). */
  onAnswer?: (answer: FormAnswer<F>, form: HTMLFormElement | null) => void;
  /**
   * For a form whose call must leave from the browser: its one path instead of the route's action. It gets the
   * fields as text and the whole form (for its lists and boxes) once the schema, if any, has passed, and answers as an
   * action would; null says nothing (the password prompt was cancelled: nothing was done).
   */
  send?: (values: Record<F, string>, form: FormData) => Promise<FormAnswer<F> | null>;
}

type FormElement = ComponentType<FormHTMLAttributes<HTMLFormElement> & { ref?: Ref<HTMLFormElement> }>;

/** The plain form a browser-sent form draws (the fetcher's Form posts to the route instead). */
function BrowserForm(props: FormHTMLAttributes<HTMLFormElement> & { ref?: Ref<HTMLFormElement> }) {
  return <form {...props} />;
}

/**
 * A form bound to its route's action (and, if given, to the contract's schema of what it sends): the props of the
 * <form>, whether it is on its way, the messages by field and the line under the button.
 */
export function useForm<F extends string>({ answer: initial, fields, schema, covers, resetOnSuccess = true, onAnswer, send }: FormOptions<F>) {
  const fetcher = useFetcher<FormAnswer<F>>();
  const ref = useRef<HTMLFormElement>(null);
  const id = useId();
  const [sent, setSent] = useState<FormAnswer<F> | undefined>(undefined);
  const [sending, setSending] = useState(false);
  const answer = send ? (sent ?? initial) : (fetcher.data ?? initial);
  const [errors, setErrors] = useState<FieldErrors>(initial?.errors ?? {});
  // A new attempt the form refuses itself says no more of the last answer's line.
  const [refused, setRefused] = useState(false);
  // Each set of messages drawn for an attempt moves focus to the first field to fix, once they are on the page.
  const [attempt, setAttempt] = useState(0);
  const busy = send ? sending : fetcher.state !== 'idle';
  const onAnswerRef = useRef(onAnswer);
  onAnswerRef.current = onAnswer;
  // A browser-sent form is busy from the click, not from the next drawing: a second click finds it so.
  const inFlight = useRef(false);

  const receive = useRef((next: FormAnswer<F>) => {
    setRefused(false);
    setErrors(next.errors);
    if (next.ok && resetOnSuccess) ref.current?.reset();
    onAnswerRef.current?.(next, ref.current);
    if (Object.keys(next.errors).length > 0) setAttempt((n) => n + 1);
  });

  useEffect(() => {
    if (fetcher.data) receive.current(fetcher.data);
  }, [fetcher.data]);

  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(ref.current);
  }, [attempt]);

  function refuse(checkedErrors: FieldErrors) {
    setRefused(true);
    setErrors(checkedErrors);
    setAttempt((n) => n + 1);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (busy || inFlight.current) {
      event.preventDefault();
      return;
    }
    const formData = new FormData(event.currentTarget);
    const values = readForm(formData, fields);
    const checked = schema?.safeParse(values);
    if (checked && !checked.success) {
      event.preventDefault();
      refuse(errorsFromIssues(checked.error.issues));
      return;
    }
    if (!send) return;
    event.preventDefault();
    inFlight.current = true;
    setSending(true);
    setSent(undefined);
    // The form stops being busy in the same drawing as its answer arrives, so the move to the first field to fix
    // finds a control that being busy had disabled.
    const settle = () => {
      inFlight.current = false;
      setSending(false);
    };
    void send(values, formData).then(
      (next) => {
        settle();
        if (!next) return;
        setSent(next);
        receive.current(next);
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
  }

  return {
    id,
    Form: (send ? BrowserForm : fetcher.Form) as FormElement,
    props: { ref, method: 'post' as const, onSubmit },
    busy,
    errors,
    /** The line under the button, once an answer has come. */
    notice: busy || refused ? null : (answer?.notice ?? null),
    answer: busy || refused ? undefined : answer,
    /** What the form shows again in a field after an answer (the page's actionData). */
    initial: (field: F) => initial?.values[field],
    /** A corrected field drops its own message (and those it covers); the others stay until the next attempt. */
    clear: (field: F) => setErrors((e) => withoutField(e, field, ...(covers?.[field] ?? []))),
    /** Shows messages the form found itself (a check beyond the schema) and moves to the first. */
    refuse,
  };
}

export type BoundForm<F extends string> = ReturnType<typeof useForm<F>>;

/**
 * What a field needs of its form: a bound form is one. The checkout, whose Pay now is a flow of its own (the address
 * saved, then the order or the wallet, under one idempotency key), hands its fields the same from its own state.
 */
export interface FieldHost<F extends string> {
  id: string;
  errors: FieldErrors;
  clear(field: F): void;
  initial(field: F): string | undefined;
}

interface FieldCommon<F extends string> {
  form: FieldHost<F>;
  /** The API's key for this field: its control's name and its messages' key. */
  name: F;
  label: ReactNode;
  /** The messages of another key shown here (the API keys first and last name together as 'name'). */
  errorKey?: string;
  hint?: ReactNode;
  /** Ids of other text that describes the control. */
  describedBy?: string;
  /** Marks the label with §4's asterisk; the control is required either way when `required` is set. */
  starred?: boolean;
  /** Marks the label "(optional)", for forms where most fields are required. */
  optional?: boolean;
  /** A class for the control beside the kit's own (the back office's `adm-control`). */
  controlClassName?: string;
  wide?: boolean;
  className?: string;
}

export type InputFieldProps<F extends string> = FieldCommon<F> & { as?: 'input' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form' | 'className'>;
type SelectFieldProps<F extends string> = FieldCommon<F> & { as: 'select' } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'form' | 'className'>;
type TextareaField<F extends string> = FieldCommon<F> & { as: 'textarea' } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'form' | 'className'>;

/**
 * One labelled control of a bound form, with its hint and its messages beside it: an input, a select or a textarea.
 * It is tied to its messages for a screen reader, drops them as it is corrected, and shows again what the answer
 * kept of it.
 */
export function Field<F extends string>(props: InputFieldProps<F> | SelectFieldProps<F> | TextareaField<F>) {
  const { form, name, label, errorKey, hint, describedBy, starred, optional, controlClassName, wide, className, as, onChange, ...control } = props;
  const id = `${form.id}-${name}`;
  const messages = form.errors[errorKey ?? name];
  const invalid = (messages?.length ?? 0) > 0;
  const described = [invalid ? fieldErrorId(form.id, name) : '', hint ? `${id}-hint` : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    name,
    className: controlClassName ? `form-control ${controlClassName}` : 'form-control',
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': described,
  } as const;
  const changed = (event: React.ChangeEvent<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>) => {
    form.clear(name);
    (onChange as ((e: typeof event) => void) | undefined)?.(event);
  };
  const kept = 'value' in control ? undefined : form.initial(name);
  return (
    <div className={[wide ? 'form-field form-field--wide' : 'form-field', className].filter(Boolean).join(' ')}>
      <label className="form-label" htmlFor={id}>
        {label}
        {starred && <span aria-hidden="true"> *</span>}
        {optional && <span className="form-optional"> (optional)</span>}
      </label>
      {as === 'select' ? (
        <select defaultValue={kept} {...(control as SelectHTMLAttributes<HTMLSelectElement>)} {...shared} onChange={changed} />
      ) : as === 'textarea' ? (
        <textarea defaultValue={kept} {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...shared} onChange={changed} />
      ) : (
        <input defaultValue={kept} {...(control as InputHTMLAttributes<HTMLInputElement>)} {...shared} onChange={changed} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      )}
      {invalid && (
        <p id={fieldErrorId(form.id, name)} className="field-error">
          {messages!.join(' ')}
        </p>
      )}
    </div>
  );
}
