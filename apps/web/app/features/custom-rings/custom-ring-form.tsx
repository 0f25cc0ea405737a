import { useEffect, useId, useRef, useState } from 'react';
import {
  CUSTOM_RING_BUDGETS,
  CUSTOM_RING_IMAGES,
  CUSTOM_RING_LIMITS,
  CUSTOM_RING_MESSAGES,
  CUSTOM_RING_STYLES,
  METALS,
  RING_SIZES,
  RING_SIZE_UNKNOWN,
  SHAPES,
  STONE_ORIGIN_CHOICES,
  UNDECIDED,
  customRingImageResponseSchema,
  customRingRequestResponseSchema,
  customRingRequestSchema,
  dayOfIso,
  replyByText,
  type CustomRingRequestResponse,
} from '@everstone/contract';
import { SelectField, TextField, errorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../components/ui/fields';
import { FieldError, describedBy, withoutField } from '../../components/ui/field-errors';
import { api, failureText, type ApiClient } from '../../lib/api';
import { downsizeImage } from './downsize-image';

export type Field = 'style' | 'budget' | 'center_shape' | 'center_origin' | 'center_carat' | 'metal' | 'ring_size' | 'note' | 'name' | 'email' | 'phone';
export type Values = Record<Field, string>;

export const EMPTY: Values = {
  style: '',
  budget: '',
  center_shape: UNDECIDED,
  center_origin: UNDECIDED,
  center_carat: '',
  metal: UNDECIDED,
  ring_size: '',
  note: '',
  name: '',
  email: '',
  phone: '',
};

export type Outcome =
  | { kind: 'sent'; answer: CustomRingRequestResponse; email: string }
  | { kind: 'invalid'; errors: FieldErrors }
  | { kind: 'failed'; message: string };

/** POST /api/custom-ring-requests, from the browser or from the page's action: 201, a 422's messages, or a failure. */
export async function sendCustomRequest(client: ApiClient, values: Values, images: string[]): Promise<Outcome> {
  const res = await client.post('/api/custom-ring-requests', { ...values, images }, customRingRequestResponseSchema);
  if (res.ok) return { kind: 'sent', answer: res.data, email: values.email.trim() };
  if (res.status === 422 && res.errors) return { kind: 'invalid', errors: res.errors };
  return { kind: 'failed', message: (res.status === 429 && res.message) || failureText(res) || CUSTOM_RING_MESSAGES.failure };
}

interface Picture {
  key: string;
  preview: string;
  name: string;
  state: 'preparing' | 'ready' | 'failed';
  id?: string;
  problem?: string;
}

const IMAGE_FIELD = 'images';
const CHECK_FIELDS = 'Some details need your attention: see the messages beside the fields.';

/**
 * The custom ring request of /custom-rings: the design, the stone, the metal and size, a note, up to three
 * reference pictures (downsized in the browser and uploaded one by one), and how to reach the shopper. Guests
 * welcome. Checked here with the contract's own schema before it is sent; the server's 422 lands beside each field.
 */
export function CustomRingForm({ replyBy, initial }: { replyBy: string; initial?: { outcome: Outcome; values: Values } }) {
  const [values, setValues] = useState<Values>(initial?.values ?? EMPTY);
  const [errors, setErrors] = useState<FieldErrors>(initial?.outcome.kind === 'invalid' ? initial.outcome.errors : {});
  const [sent, setSent] = useState<Extract<Outcome, { kind: 'sent' }> | null>(initial?.outcome.kind === 'sent' ? initial.outcome : null);
  const [failure, setFailure] = useState<string | null>(
    initial?.outcome.kind === 'failed' ? initial.outcome.message : initial?.outcome.kind === 'invalid' ? CHECK_FIELDS : null,
  );
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  // After a refused attempt, the shopper lands on the first field that needs them.
  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(form.current);
  }, [attempt]);
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);
  // Previews are object URLs: let them go when the form does.
  const previews = useRef<string[]>([]);
  previews.current = pictures.map((p) => p.preview);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  function update(field: Field, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => withoutField(e, field));
  }

  async function addPictures(files: FileList | null) {
    if (!files) return;
    const room = CUSTOM_RING_IMAGES.maxPerRequest - pictures.length;
    const chosen = [...files].slice(0, Math.max(0, room));
    setErrors((e) => withoutField(e, IMAGE_FIELD));
    if (files.length > room) setErrors((e) => ({ ...e, [IMAGE_FIELD]: [CUSTOM_RING_MESSAGES.tooManyImages] }));
    for (const file of chosen) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      setPictures((list) => [...list, { key, preview: '', name: file.name, state: 'preparing' }]);
      const settle = (patch: Partial<Picture>) => setPictures((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));
      try {
        const small = await downsizeImage(file);
        settle({ preview: URL.createObjectURL(small.blob) });
        const res = await api.post('/api/custom-ring-requests/images', { content_type: small.contentType, data: small.base64 }, customRingImageResponseSchema);
        if (res.ok) settle({ state: 'ready', id: res.data.id });
        else settle({ state: 'failed', problem: failureText(res) ?? CUSTOM_RING_MESSAGES.failure });
      } catch {
        settle({ state: 'failed', problem: CUSTOM_RING_MESSAGES.notAnImage });
      }
    }
    if (fileInput.current) fileInput.current.value = '';
  }

  function removePicture(key: string) {
    setPictures((list) => {
      const gone = list.find((p) => p.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return list.filter((p) => p.key !== key);
    });
    setErrors((e) => withoutField(e, IMAGE_FIELD));
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const ids = pictures.filter((p) => p.state === 'ready' && p.id).map((p) => p.id!);
    const local: FieldErrors = {};
    const parsed = customRingRequestSchema.safeParse({ ...values, images: ids });
    if (!parsed.success) Object.assign(local, errorsFromIssues(parsed.error.issues));
    if (pictures.some((p) => p.state === 'preparing')) local[IMAGE_FIELD] = ['Please wait until your images have finished uploading.'];
    else if (pictures.some((p) => p.state === 'failed')) local[IMAGE_FIELD] = ['Please remove the images that could not be uploaded.'];
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setFailure(CHECK_FIELDS);
      setAttempt((n) => n + 1);
      return;
    }
    setSending(true);
    const outcome = await sendCustomRequest(api, values, ids);
    setSending(false);
    if (outcome.kind === 'sent') {
      setSent(outcome);
      setValues(EMPTY);
      setPictures([]);
      return;
    }
    if (outcome.kind === 'invalid') {
      // The server names a lost upload as images.N: shown once, beside the pictures.
      const next: FieldErrors = {};
      for (const [key, messages] of Object.entries(outcome.errors)) (next[key.startsWith(`${IMAGE_FIELD}.`) ? IMAGE_FIELD : key] ??= []).push(...messages);
      setErrors(next);
      setFailure(CHECK_FIELDS);
      setAttempt((n) => n + 1);
      return;
    }
    setFailure(outcome.message);
  }

  if (sent) {
    return (
      <div className="cr-thanks" role="status">
        <h2 ref={thanks} tabIndex={-1} className="pg-section-title">
          Thank you. Your request is with our designers.
        </h2>
        <p className="cr-thanks-number">
          Request number <strong>{sent.answer.request_number}</strong>
        </p>
        <p className="cr-thanks-promise">{sent.answer.reply_by_text}</p>
        <p className="cr-fineprint">
          By the end of that day, Eastern Time. A confirmation is on its way to {sent.email}; reply to it to add anything.
        </p>
        <button type="button" className="text-button" onClick={() => setSent(null)}>
          Send another request
        </button>
      </div>
    );
  }

  const select = (field: Field) => ({ name: field, value: values[field], errors, onChange: (e: React.ChangeEvent<HTMLSelectElement>) => update(field, e.target.value) });
  const text = (field: Field) => ({ name: field, value: values[field], errors, onChange: (e: React.ChangeEvent<HTMLInputElement>) => update(field, e.target.value) });
  const room = CUSTOM_RING_IMAGES.maxPerRequest - pictures.length;

  return (
    <form ref={form} className="cr-form" method="post" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="pg-section-title">
        Tell us about your ring
      </h2>
      <p className="pg-section-lead">
        Send it today and {replyByText(dayOfIso(replyBy)).replace(/^We/, 'we')}, by the end of the day, Eastern Time. No sign-in needed; fields
        marked (optional) may be left empty.
      </p>

      <fieldset className="cr-group">
        <legend>The design</legend>
        <div className="form-grid">
          <SelectField label="Style" {...select('style')}>
            <option value="">Select a style</option>
            {CUSTOM_RING_STYLES.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Budget" {...select('budget')}>
            <option value="">Select a budget</option>
            {CUSTOM_RING_BUDGETS.map((b) => (
              <option key={b.id} value={b.id}>
                {b.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Metal" {...select('metal')}>
            <option value={UNDECIDED}>Not sure yet</option>
            {METALS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Ring size" {...select('ring_size')}>
            <option value="">Select a size</option>
            <option value={RING_SIZE_UNKNOWN}>I don&apos;t know the size yet</option>
            {RING_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>

      <fieldset className="cr-group">
        <legend>The center stone</legend>
        <div className="form-grid">
          <SelectField label="Shape" {...select('center_shape')}>
            <option value={UNDECIDED}>Not sure yet</option>
            {SHAPES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
          <SelectField label="Lab-grown or natural" {...select('center_origin')}>
            {STONE_ORIGIN_CHOICES.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Approximate carat weight"
            optional
            inputMode="decimal"
            placeholder="1.5"
            hint={`A number from ${CUSTOM_RING_LIMITS.minCarat} to ${CUSTOM_RING_LIMITS.maxCarat}.`}
            {...text('center_carat')}
          />
        </div>
      </fieldset>

      <fieldset className="cr-group">
        <legend>Your idea</legend>
        <div className="form-field form-field--wide">
          <label className="form-label" htmlFor={`${id}-note`}>
            Describe it <span className="form-optional">(optional)</span>
          </label>
          <textarea
            id={`${id}-note`}
            name="note"
            className="form-control"
            rows={5}
            maxLength={CUSTOM_RING_LIMITS.noteMaxLength}
            value={values.note}
            onChange={(e) => update('note', e.target.value)}
            {...describedBy(id, errors, 'note', `${id}-note-count`)}
          />
          <p id={`${id}-note-count`} className="cr-fineprint">
            {values.note.length} of {CUSTOM_RING_LIMITS.noteMaxLength} characters
          </p>
          <FieldError formId={id} errors={errors} field="note" />
        </div>

        <div className="form-field form-field--wide cr-images">
          <label className="form-label" htmlFor={`${id}-images`}>
            Reference images <span className="form-optional">(optional, up to {CUSTOM_RING_IMAGES.maxPerRequest})</span>
          </label>
          <p id={`${id}-images-hint`} className="cr-fineprint">
            Sketches, photos, an heirloom. We make each picture smaller before sending it, and only our designers see it.
          </p>
          <input
            ref={fileInput}
            id={`${id}-images`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/*"
            multiple
            className="cr-file"
            disabled={room <= 0}
            onChange={(e) => void addPictures(e.target.files)}
            {...describedBy(id, errors, IMAGE_FIELD, `${id}-images-hint`)}
          />
          <FieldError formId={id} errors={errors} field={IMAGE_FIELD} />
          {pictures.length > 0 && (
            <ul className="cr-previews" aria-label="Chosen images">
              {pictures.map((p, i) => (
                <li key={p.key} className="cr-preview">
                  {p.preview ? <img src={p.preview} alt={`Reference image ${i + 1}: ${p.name}`} /> : <span className="cr-preview-empty" aria-hidden="true" />}
                  <span className="cr-preview-state" role="status">
                    {p.state === 'preparing' ? 'Uploading…' : p.state === 'ready' ? 'Added' : p.problem}
                  </span>
                  <button type="button" className="text-button" onClick={() => removePicture(p.key)}>
                    Remove<span className="visually-hidden"> image {i + 1}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </fieldset>

      <fieldset className="cr-group">
        <legend>How to reach you</legend>
        <div className="form-grid">
          <TextField label="Name" autoComplete="name" maxLength={100} {...text('name')} />
          <TextField label="Email" type="email" autoComplete="email" maxLength={254} {...text('email')} />
          <TextField label="Phone" optional type="tel" autoComplete="tel" maxLength={30} placeholder="212-555-0100" {...text('phone')} />
        </div>
      </fieldset>

      <div role="alert" className="form-live">
        {failure && <p className="form-banner form-banner--error">{failure}</p>}
      </div>
      <button type="submit" className="button cr-submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send my request'}
      </button>
    </form>
  );
}
