import type { AdminMessageListResponse, RequestState } from '@everstone/contract';
import { PageHead } from '../kit/frame';
import { EmptyList, PageSizeSelect, StateTabs } from '../kit/lists';
import { MessageCard } from './message-card';
import { PrevNext, rangeText } from '../kit/table';
import { REQUEST_STATE_TABS, messageListParams, type MessageListState } from './request-query';
import { MESSAGE_STATE_TEXT } from './request-text';

const EMPTY: Record<RequestState, string> = {
  open: 'No message is waiting for a reply.',
  handled: 'No message has been handled yet.',
  all: 'No one has written yet.',
};

const COUNTED: Record<RequestState, [string, string]> = {
  open: ['open message', 'open messages'],
  handled: ['handled message', 'handled messages'],
  all: ['message', 'messages'],
};

/** /admin/messages: what shoppers wrote on the contact page, answered by email from here. */
export function MessagesPage({
  list,
  state,
  at,
  busy,
  go,
}: {
  list: AdminMessageListResponse;
  state: MessageListState;
  /** When the list was loaded. */
  at: number;
  busy: boolean;
  go: (next: MessageListState) => void;
}) {
  const pages = Math.max(1, Math.ceil(list.total / list.per_page));
  const href = (next: Partial<MessageListState>) => `?${messageListParams({ ...state, page: 1, ...next }).toString()}`;
  const [one, many] = COUNTED[state.state];
  return (
    <>
      <PageHead
        title="Messages"
        lead="Questions sent from the contact page. A reply sent from here is emailed to the sender and marks the message handled."
      />
      <StateTabs label="Which messages" value={state.state} options={REQUEST_STATE_TABS} text={MESSAGE_STATE_TEXT} href={(s) => href({ state: s })} />
      <div className="adm-list-bar">
        <p className="adm-list-bar__count" role="status" aria-live="polite">
          {list.total === 0 ? `No ${many}` : `${rangeText(list.page, list.per_page, list.total)} ${list.total === 1 ? one : many}`}
          {state.state === 'open' && list.total > 1 && <span className="adm-muted"> · longest waiting first</span>}
          {busy && <span className="adm-muted"> · updating…</span>}
        </p>
        <PageSizeSelect value={state.per_page} onChange={(per_page) => go({ ...state, per_page, page: 1 })} />
      </div>
      {list.messages.length === 0 ? (
        <EmptyList text={EMPTY[state.state]} />
      ) : (
        <div className={busy ? 'adm-cards is-busy' : 'adm-cards'} aria-busy={busy || undefined}>
          {list.messages.map((message) => (
            <MessageCard key={`${message.id}-${at}`} initial={message} now={at} />
          ))}
        </div>
      )}
      <PrevNext label="Pages of messages" page={list.page} pages={pages} href={(page) => `?${messageListParams({ ...state, page }).toString()}`} />
    </>
  );
}
