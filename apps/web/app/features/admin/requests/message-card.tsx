import { useEffect, useId, useRef, useState } from 'react';
import {
  REPLY_MAX_LENGTH,
  adminMessageResponseSchema,
  adminReplyRequestSchema,
  type AdminContactMessage,
} from '@everstone/contract';
import { answerFrom, useForm } from '../../../components/ui/form';
import { adminApi } from '../kit/admin-api';
import { CountedText } from '../kit/counted-text';
import { formatDayTime, relativeTime, telHref } from '../kit/format';
import { OutcomeBanner, useFailureText, type Outcome } from '../kit/lists';
import { useReauth } from '../kit/reauth';

type Heading = 'h2' | 'h3';

/**
 * One contact message as staff work it: who wrote, about what and when, the question as they typed it (text, its
 * line breaks kept), the replies already sent, and the reply form. Sending a reply emails it to the sender and marks
 * the message handled; the card shows the new state and says so in its status line.
 */
export function MessageCard({ initial, now, heading: H = 'h2' }: { initial: AdminContactMessage; now: number; heading?: Heading }) {
  const id = useId();
  const run = useReauth();
  const failureText = useFailureText();
  const [message, setMessage] = useState(initial);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [writing, setWriting] = useState(false);
  const statusBox = useRef<HTMLDivElement>(null);
  const handled = message.handled_at !== null;
  const who = message.name || message.email;

  const toggle = useForm({
    fields: [],
    // The card's status line says what came of it, as it says what came of a reply.
    send: async () => {
      const result = await run(() => adminApi.post(`/api/admin/messages/${message.id}/handled`, { handled: !handled }, adminMessageResponseSchema));
      if (result?.ok) {
        setMessage(result.data.contact);
        setOutcome({ kind: 'success', text: result.data.message });
        if (result.data.contact.handled_at) setWriting(false);
      } else if (result) {
        const text = await failureText(result, 'The message could not be changed. Please try again in a moment.');
        if (text) setOutcome({ kind: 'error', text });
      }
      return null;
    },
  });

  // The form that had the focus is gone once a reply is sent: the status line that says what happened takes it, once
  // it is drawn (an empty status line is not shown, and cannot take the focus).
  const focusStatus = useRef(false);
  useEffect(() => {
    if (!focusStatus.current) return;
    focusStatus.current = false;
    statusBox.current?.focus();
  });

  function replied(contact: AdminContactMessage, text: string) {
    setMessage(contact);
    setWriting(false);
    setOutcome({ kind: 'success', text });
    focusStatus.current = true;
  }

  const titleId = `${id}-title`;
  return (
    <article className="adm-panel adm-message-card" aria-labelledby={titleId}>
      <div className="adm-message-card__layout">
        <div className="adm-card">
          <header className="adm-card__head">
            <H id={titleId} className="adm-card__title">
              {who}
            </H>
            <span className={handled ? 'adm-badge adm-badge--outline adm-badge--done' : 'adm-badge adm-badge--open'}>{handled ? 'Handled' : 'Open'}</span>
          </header>
          <p className="adm-card__meta">
            <span className="adm-card__topic">
              <span className="visually-hidden">Topic: </span>
              {message.topic}
            </span>
            <span>
              Received <time dateTime={message.created_at}>{formatDayTime(message.created_at)}</time> Eastern
              <span className="adm-muted"> ({relativeTime(message.created_at, now)})</span>
            </span>
          </p>
          <dl className="adm-facts adm-card__facts">
            {message.name && (
              <div>
                <dt>From</dt>
                <dd>{message.name}</dd>
              </div>
            )}
            <div>
              <dt>Email</dt>
              <dd>
                <a className="adm-link" href={`mailto:${message.email}`}>
                  {message.email}
                </a>
              </dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>
                {message.phone ? (
                  <a className="adm-link" href={telHref(message.phone)}>
                    {message.phone}
                  </a>
                ) : (
                  <span className="adm-muted">Not given</span>
                )}
              </dd>
            </div>
          </dl>
          <div className="adm-card__block">
            <p className="adm-card__label">Question</p>
            {message.question ? (
              <p className="adm-note">{message.question}</p>
            ) : (
              <p className="adm-muted">No question was written; only the topic was chosen.</p>
            )}
          </div>
          {message.replies.length > 0 && (
            <div className="adm-card__block">
              <p className="adm-card__label">{message.replies.length === 1 ? 'Reply sent' : `Replies sent (${message.replies.length})`}</p>
              <ol className="adm-replies">
                {message.replies.map((reply, i) => (
                  <li key={`${reply.at}-${i}`} className="adm-replies__item">
                    <p className="adm-replies__meta">
                      By {reply.by}, <time dateTime={reply.at}>{formatDayTime(reply.at)}</time>
                    </p>
                    <p className="adm-note adm-note--reply">{reply.body}</p>
                  </li>
                ))}
              </ol>
            </div>
          )}
          {handled && message.handled_at && (
            <p className="adm-card__done">
              Handled <time dateTime={message.handled_at}>{formatDayTime(message.handled_at)}</time>
              {message.handled_by && <> by {message.handled_by}</>}
            </p>
          )}
        </div>

        <div className="adm-card adm-message-card__work">
          <div ref={statusBox} className="adm-card__status" role="status" tabIndex={-1}>
            <OutcomeBanner outcome={outcome} />
          </div>
          {(!handled || writing) && (
            <ReplyForm message={message} who={who} onReplied={replied} onCancel={handled ? () => setWriting(false) : undefined} />
          )}
          <toggle.Form {...toggle.props} className="adm-card__actions">
            {handled && !writing && (
              <button type="button" className="adm-button adm-button--ghost adm-button--small" onClick={() => setWriting(true)}>
                Write another reply<span className="visually-hidden"> to {who}</span>
              </button>
            )}
            <button type="submit" className="adm-button adm-button--ghost adm-button--small" disabled={toggle.busy}>
              {toggle.busy ? 'Saving…' : handled ? 'Open again' : 'Mark handled'}
              <span className="visually-hidden">: the message from {who}</span>
            </button>
          </toggle.Form>
        </div>
      </div>
    </article>
  );
}

const REPLY_FIELDS = ['body'] as const;

/** The reply: a text the sender receives by email, on its own (the address is unverified, so the question is not quoted). */
function ReplyForm({
  message,
  who,
  onReplied,
  onCancel,
}: {
  message: AdminContactMessage;
  who: string;
  onReplied: (contact: AdminContactMessage, text: string) => void;
  onCancel?: () => void;
}) {
  const run = useReauth();
  const failureText = useFailureText();
  const form = useForm({
    fields: REPLY_FIELDS,
    schema: adminReplyRequestSchema,
    send: async (values) => {
      const result = await run(() => adminApi.post(`/api/admin/messages/${message.id}/reply`, adminReplyRequestSchema.parse(values), adminMessageResponseSchema));
      if (result === null) return null;
      if (result.ok) {
        // The card says so in its status line, and the form is gone with the message handled.
        onReplied(result.data.contact, result.data.message);
        return null;
      }
      const text = await failureText(result, 'The reply could not be sent. Please try again in a moment.');
      return text === null ? null : answerFrom(result, { fields: REPLY_FIELDS, fallback: text });
    },
  });

  return (
    <form.Form {...form.props} className="adm-form adm-reply" noValidate aria-label={`Reply to ${who}`}>
      <CountedText
        form={form}
        name="body"
        label={`Reply to ${who}`}
        hint={
          <>
            Emailed to <span className="adm-break">{message.email}</span>. That address was typed on the form and is not verified, so the email does not quote
            the question or the name: write a reply that reads on its own.
          </>
        }
        max={REPLY_MAX_LENGTH}
        rows={5}
      />
      <div role="alert" className="form-live">
        {form.notice && <p className={`form-banner form-banner--${form.notice.kind}`}>{form.notice.text}</p>}
      </div>
      <div className="adm-card__actions">
        <button type="submit" className="adm-button adm-button--small" disabled={form.busy}>
          {form.busy ? 'Sending…' : 'Send reply'}
          <span className="visually-hidden"> to {who}</span>
        </button>
        {onCancel && (
          <button type="button" className="adm-button adm-button--ghost adm-button--small" onClick={onCancel} disabled={form.busy}>
            Cancel
          </button>
        )}
      </div>
    </form.Form>
  );
}
