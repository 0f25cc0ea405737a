import { useEffect, useId, useState } from 'react';
import { adminCustomRequestResponseSchema, type AdminCustomRequest } from '@everstone/contract';
import { answerFrom, useForm } from '../../../components/ui/form';
import { adminApi } from '../kit/admin-api';
import { formatDayTime, telHref } from '../kit/format';
import { OutcomeBanner, useFailureText } from '../kit/lists';
import { useReauth } from '../kit/reauth';
import { customRequestChoices, replyByDay, replyDue } from './request-text';

type Heading = 'h2' | 'h3';

/**
 * The time now, moved on at each turn of the minute: the countdowns read it, so one timer serves every card on the
 * page. `start` is when the page's data was loaded.
 */
export function useMinuteClock(start: number): number {
  const [now, setNow] = useState(start);
  const [loadedAt, setLoadedAt] = useState(start);
  // Data loaded again starts the clock from its own time.
  if (loadedAt !== start) {
    setLoadedAt(start);
    setNow(start);
  }
  useEffect(() => {
    let timer: number | undefined;
    const schedule = () => {
      timer = window.setTimeout(() => {
        setNow(Date.now());
        schedule();
      }, 60_000 - (Date.now() % 60_000) + 50);
    };
    schedule();
    return () => window.clearTimeout(timer);
  }, []);
  return now;
}

/**
 * How long is left of the store's promise to reply within a day, or how late it is. The text changes each minute,
 * so it is deliberately not a live region: a screen reader reads it when it comes to it, not every minute.
 */
export function ReplyCountdown({ request, now }: { request: AdminCustomRequest; now: number }) {
  const due = replyDue(request.reply_due_at, now);
  return (
    <p className={`adm-due adm-due--${due.tone}`}>
      <span className="adm-due__left">{due.text}</span>
      <span className="adm-due__by">
        Promised by the end of <time dateTime={request.reply_due_at}>{replyByDay(request.reply_by)}</time> (Eastern)
      </span>
    </p>
  );
}

const TOGGLE_FAILED = 'The request could not be changed. Please try again in a moment.';

/**
 * One custom ring request: the countdown while it waits, every choice the shopper made, their note as they typed it
 * and how to reach them; and marking it answered (or open again).
 */
export function CustomRequestCard({ initial, now, heading: H = 'h2' }: { initial: AdminCustomRequest; now: number; heading?: Heading }) {
  const id = useId();
  const run = useReauth();
  const failureText = useFailureText();
  const [request, setRequest] = useState(initial);
  const answered = request.handled_at !== null;
  const toggle = useForm({
    fields: [],
    send: async () => {
      const path = `/api/admin/custom-requests/${encodeURIComponent(request.request_number)}/handled`;
      const result = await run(() => adminApi.post(path, { handled: !answered }, adminCustomRequestResponseSchema));
      if (result === null) return null;
      if (result.ok) {
        setRequest(result.data.request);
        return answerFrom(result, { fields: [], fallback: TOGGLE_FAILED, success: result.data.message });
      }
      // A session that has ended goes to sign in, with nothing to say here.
      const text = await failureText(result, TOGGLE_FAILED);
      return text === null ? null : answerFrom(result, { fields: [], fallback: text });
    },
  });

  const titleId = `${id}-title`;
  return (
    <article className="adm-panel adm-card" aria-labelledby={titleId}>
      <header className="adm-card__head">
        <H id={titleId} className="adm-card__title">
          Request {request.request_number}
        </H>
        <span className={answered ? 'adm-badge adm-badge--outline adm-badge--done' : 'adm-badge adm-badge--open'}>{answered ? 'Answered' : 'Open'}</span>
      </header>
      <p className="adm-card__meta">
        <span>
          {request.name}
          <span className="adm-muted"> · received <time dateTime={request.created_at}>{formatDayTime(request.created_at)}</time> Eastern</span>
        </span>
      </p>
      {answered && request.handled_at ? (
        <p className="adm-card__done">
          Answered <time dateTime={request.handled_at}>{formatDayTime(request.handled_at)}</time>
          {request.handled_by && <> by {request.handled_by}</>}
        </p>
      ) : (
        <ReplyCountdown request={request} now={now} />
      )}
      <div className="adm-card__columns">
        <dl className="adm-facts">
          {customRequestChoices(request).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <dl className="adm-facts">
          <div>
            <dt>Name</dt>
            <dd>{request.name}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              <a className="adm-link" href={`mailto:${request.email}?subject=${encodeURIComponent(`Your custom ring request ${request.request_number}`)}`}>
                {request.email}
              </a>
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>
              {request.phone ? (
                <a className="adm-link" href={telHref(request.phone)}>
                  {request.phone}
                </a>
              ) : (
                <span className="adm-muted">Not given</span>
              )}
            </dd>
          </div>
        </dl>
      </div>
      <div className="adm-card__block">
        <p className="adm-card__label">Note</p>
        {request.note ? <p className="adm-note">{request.note}</p> : <p className="adm-muted">No note was written.</p>}
      </div>
      <div className="adm-card__status" role="status">
        <OutcomeBanner outcome={toggle.notice} />
      </div>
      <toggle.Form {...toggle.props} className="adm-card__actions">
        <button type="submit" className={answered ? 'adm-button adm-button--ghost adm-button--small' : 'adm-button adm-button--small'} disabled={toggle.busy}>
          {toggle.busy ? 'Saving…' : answered ? 'Open again' : 'Mark answered'}
          <span className="visually-hidden">: request {request.request_number}</span>
        </button>
      </toggle.Form>
    </article>
  );
}
