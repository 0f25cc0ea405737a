import { useEffect, useRef, useState } from 'react';
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
} from '@everstone/contract';
import { Field, useForm, type FormAnswer } from '../../components/ui/form';
import { FieldError, describedBy, withoutField, type FieldErrors } from '../../components/ui/field-errors';
import { api, failureText, type ApiClient } from '../../lib/api';
import { downsizeImage } from './downsize-image';

/**
 * What the form posts: the request's fields as text, and `images`, the ids of the pictures the browser has uploaded,
 * one hidden field each (their bytes went ahead, one JSON body each, which a page's form post could not carry).
 */
export const CUSTOM_RING_FIELDS = [
  'style',
  'budget',
  'center_shape',
  'center_origin',
  'center_carat',
  'metal',
  'ring_size',
  'note',
  'name',
  'email',
  'phone',
  'images',
] as const;
export type CustomRingField = (typeof CUSTOM_RING_FIELDS)[number];

/** The request a success answered, for the thank-you. */
interface SentRequest {
  number: string;
  replyByText: string;
  /** Where the confirmation went. */
  email: string;
}

/** The kit's answer; a success also carries the request's number and the day the store replies by. */
export type CustomRingAnswer = FormAnswer<CustomRingField> & { sent?: SentRequest };

const IMAGE_FIELD = 'images';
const CHECK_FIELDS = 'Some details need your attention: see the messages beside the fields.';

/** The server names a lost upload images.N: its message is shown once, beside the pictures. */
function withPicturesTogether(errors: FieldErrors): FieldErrors {
  const together: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) (together[key.startsWith(`${IMAGE_FIELD}.`) ? IMAGE_FIELD : key] ??= []).push(...messages);
  return together;
}

/**
 * POST /api/custom-ring-requests from the page's action, with the uploaded pictures' ids: 201 is the thank-you (the
 * form empties), a 422 the messages beside the fields, anything else the line (a 429's own words, else §8's).
 */
export async function sendCustomRequest(client: ApiClient, typed: Record<CustomRingField, string>, images: string[]): Promise<CustomRingAnswer> {
  // The posted `images` text is only the first id; the action passes them all.
  const { images: _first, ...details } = typed;
  const res = await client.post('/api/custom-ring-requests', { ...details, images }, customRingRequestResponseSchema);
  if (res.ok) {
    const sent = { number: res.data.request_number, replyByText: res.data.reply_by_text, email: details.email.trim() };
    return { status: res.status, ok: true, notice: null, errors: {}, values: {}, sent };
  }
  if (res.status === 422 && res.errors) return { status: 422, ok: false, notice: { kind: 'error', text: CHECK_FIELDS }, errors: withPicturesTogether(res.errors), values: details };
  const text = (res.status === 429 && res.message) || failureText(res) || CUSTOM_RING_MESSAGES.failure;
  return { status: res.status, ok: false, notice: { kind: 'error', text }, errors: {}, values: details };
}

/** The request a success answered, if this answer is one (the kit's FormAnswer has no room of its own for it). */
function sentRequest(answer: FormAnswer<CustomRingField> | undefined): SentRequest | null {
  return answer?.ok ? ((answer as CustomRingAnswer).sent ?? null) : null;
}

interface Picture {
  key: string;
  preview: string;
  name: string;
  state: 'preparing' | 'ready' | 'failed';
  id?: string;
  problem?: string;
}

const readyIds = (pictures: Picture[]) => pictures.filter((p) => p.state === 'ready' && p.id).map((p) => p.id!);

/**
 * The form's check before it is sent: the contract's own schema of the request, with the pictures as they stand
 * (one still uploading, or one that could not be, stops it too), in the kit's shape of a schema.
 */
function requestCheck(pictures: Picture[]) {
  return {
    safeParse(values: unknown) {
      const parsed = customRingRequestSchema.safeParse({ ...(values as object), images: readyIds(pictures) });
      const issues: Array<{ path: PropertyKey[]; message: string }> = parsed.success ? [] : [...parsed.error.issues];
      if (pictures.some((p) => p.state === 'preparing')) issues.push({ path: [IMAGE_FIELD], message: 'Please wait until your images have finished uploading.' });
      else if (pictures.some((p) => p.state === 'failed')) issues.push({ path: [IMAGE_FIELD], message: 'Please remove the images that could not be uploaded.' });
      return issues.length > 0 ? { success: false as const, error: { issues } } : { success: true as const };
    },
  };
}

/**
 * The custom ring request of /custom-rings: the design, the stone, the metal and size, a note, up to three
 * reference pictures (downsized in the browser and uploaded one by one), and how to reach the shopper. Guests
 * welcome. Checked here with the contract's own schema before it is sent; the server's 422 lands beside each field.
 * `answer` is what the page's action answered a post made without scripts (which sends no pictures: choosing them
 * needs scripts).
 */
export function CustomRingForm({ replyBy, answer }: { replyBy: string; answer?: CustomRingAnswer }) {
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [noteLength, setNoteLength] = useState(answer?.values.note?.length ?? 0);
  // The thank-you the shopper has put away ('Send another request').
  const [putAway, setPutAway] = useState<FormAnswer<CustomRingField>>();
  const thanks = useRef<HTMLHeadingElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm({
    answer,
    fields: CUSTOM_RING_FIELDS,
    schema: requestCheck(pictures),
    onAnswer: (next) => {
      if (!next.ok) return;
      setPictures([]);
      setNoteLength(0);
    },
  });
  const id = form.id;
  const sent = form.answer === putAway ? null : sentRequest(form.answer);

  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);
  // Previews are object URLs: let them go when the form does.
  const previews = useRef<string[]>([]);
  previews.current = pictures.map((p) => p.preview);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  async function addPictures(files: FileList | null) {
    if (!files) return;
    const room = CUSTOM_RING_IMAGES.maxPerRequest - pictures.length;
    const chosen = [...files].slice(0, Math.max(0, room));
    if (files.length > room) form.refuse({ ...withoutField(form.errors, IMAGE_FIELD), [IMAGE_FIELD]: [CUSTOM_RING_MESSAGES.tooManyImages] });
    else form.clear(IMAGE_FIELD);
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
    form.clear(IMAGE_FIELD);
  }

  if (sent) {
    return (
      <div className="cr-thanks" role="status">
        <h2 ref={thanks} tabIndex={-1} className="pg-section-title">
          Thank you. Your request is with our designers.
        </h2>
        <p className="cr-thanks-number">
          Request number <strong>{sent.number}</strong>
        </p>
        <p className="cr-thanks-promise">{sent.replyByText}</p>
        <p className="cr-fineprint">
          By the end of that day, Eastern Time. A confirmation is on its way to {sent.email}; reply to it to add anything.
        </p>
        <button type="button" className="text-button" onClick={() => setPutAway(form.answer)}>
          Send another request
        </button>
      </div>
    );
  }

  const room = CUSTOM_RING_IMAGES.maxPerRequest - pictures.length;
  // The line says the form's messages are beside its fields while any are; otherwise it is the last answer's failure.
  const line = Object.keys(form.errors).length > 0 ? CHECK_FIELDS : form.notice?.kind === 'error' ? form.notice.text : null;
  // What the form shows again after a post without scripts, else what a new request starts from.
  const kept = (field: CustomRingField, fallback: string) => form.initial(field) ?? fallback;

  return (
    <form.Form {...form.props} className="cr-form" noValidate aria-labelledby={`${id}-title`}>
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
          <Field form={form} as="select" name="style" label="Style" required>
            <option value="">Select a style</option>
            {CUSTOM_RING_STYLES.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </Field>
          <Field form={form} as="select" name="budget" label="Budget" required>
            <option value="">Select a budget</option>
            {CUSTOM_RING_BUDGETS.map((b) => (
              <option key={b.id} value={b.id}>
                {b.label}
              </option>
            ))}
          </Field>
          <Field form={form} as="select" name="metal" label="Metal" defaultValue={kept('metal', UNDECIDED)}>
            <option value={UNDECIDED}>Not sure yet</option>
            {METALS.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </Field>
          <Field form={form} as="select" name="ring_size" label="Ring size" required>
            <option value="">Select a size</option>
            <option value={RING_SIZE_UNKNOWN}>I don&apos;t know the size yet</option>
            {RING_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Field>
        </div>
      </fieldset>

      <fieldset className="cr-group">
        <legend>The center stone</legend>
        <div className="form-grid">
          <Field form={form} as="select" name="center_shape" label="Shape" defaultValue={kept('center_shape', UNDECIDED)}>
            <option value={UNDECIDED}>Not sure yet</option>
            {SHAPES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Field>
          <Field form={form} as="select" name="center_origin" label="Lab-grown or natural" defaultValue={kept('center_origin', UNDECIDED)}>
            {STONE_ORIGIN_CHOICES.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </Field>
          <Field
            form={form}
            name="center_carat"
            label="Approximate carat weight"
            optional
            inputMode="decimal"
            placeholder="1.5"
            hint={`A number from ${CUSTOM_RING_LIMITS.minCarat} to ${CUSTOM_RING_LIMITS.maxCarat}.`}
          />
        </div>
      </fieldset>

      <fieldset className="cr-group">
        <legend>Your idea</legend>
        <Field
          form={form}
          as="textarea"
          name="note"
          label="Describe it"
          optional
          wide
          rows={5}
          maxLength={CUSTOM_RING_LIMITS.noteMaxLength}
          hint={`${noteLength} of ${CUSTOM_RING_LIMITS.noteMaxLength} characters`}
          onChange={(e) => setNoteLength(e.target.value.length)}
        />

        {/* Drawn by hand: the pictures are chosen here but posted as their uploads' ids, below. */}
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
            {...describedBy(id, form.errors, IMAGE_FIELD, `${id}-images-hint`)}
          />
          {readyIds(pictures).map((imageId) => (
            <input key={imageId} type="hidden" name={IMAGE_FIELD} value={imageId} />
          ))}
          <FieldError formId={id} errors={form.errors} field={IMAGE_FIELD} />
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
          <Field form={form} name="name" label="Name" required autoComplete="name" maxLength={100} />
          <Field form={form} name="email" label="Email" required type="email" autoComplete="email" maxLength={254} />
          <Field form={form} name="phone" label="Phone" optional type="tel" autoComplete="tel" maxLength={30} placeholder="212-555-0100" />
        </div>
      </fieldset>

      <div role="alert" className="form-live">
        {line && <p className="form-banner form-banner--error">{line}</p>}
      </div>
      <button type="submit" className="button cr-submit" disabled={form.busy}>
        {form.busy ? 'Sending...' : 'Send my request'}
      </button>
    </form.Form>
  );
}
