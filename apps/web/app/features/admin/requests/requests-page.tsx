import type {
  AdminCustomRequestListResponse,
  AdminHomePreviewListResponse,
  AdminNewsletterSummary,
  HomePreviewStatus,
  RequestState,
} from '@everstone/contract';
import { PageHead } from '../kit/frame';
import { EmptyList, StateTabs } from '../kit/lists';
import { PrevNext, rangeText } from '../kit/table';
import { CustomRequestCard, useMinuteClock } from './request-cards';
import { HomePreviewCard } from './home-preview-card';
import { HOME_PREVIEW_TABS, REQUEST_STATE_TABS, requestsParams, type RequestsState } from './request-query';
import { CUSTOM_REQUEST_STATE_TEXT, HOME_PREVIEW_STATUS_TEXT } from './request-text';

/** The newsletter's subscribers as a file (the staff's cookie goes with the link). */
export const NEWSLETTER_CSV_PATH = '/api/admin/newsletter/subscribers.csv';

const CUSTOM_EMPTY: Record<RequestState, string> = {
  open: 'No custom ring request is waiting for an answer.',
  handled: 'No custom ring request has been answered yet.',
  all: 'No one has asked for a custom ring yet.',
};
const PREVIEW_EMPTY: Record<HomePreviewStatus | 'all', string> = {
  requested: 'No Home Preview is waiting for its deposit.',
  deposit_taken: 'No Home Preview is waiting to be shipped.',
  shipped: 'No Home Preview is on its way or with a shopper undelivered.',
  delivered: 'No Home Preview is with a shopper.',
  returned: 'No Home Preview is back and waiting for its refund.',
  refunded: 'No Home Preview deposit has been refunded yet.',
  deposit_kept: 'No Home Preview deposit has been kept.',
  cancelled: 'No Home Preview has been cancelled.',
  all: 'No one has asked for a Home Preview yet.',
};

const counted = (page: number, perPage: number, total: number, one: string, many: string) =>
  total === 0 ? `No ${many}` : `${rangeText(page, perPage, total)} ${total === 1 ? one : many}`;

/**
 * /admin/requests: the custom ring requests with the time left to answer each, the Home Preview requests to ship,
 * and the newsletter's list. Each list keeps its own tab and page in the address.
 */
export function RequestsPage({
  custom,
  previews,
  newsletter,
  state,
  at,
  busy,
}: {
  custom: AdminCustomRequestListResponse;
  previews: AdminHomePreviewListResponse;
  newsletter: AdminNewsletterSummary;
  state: RequestsState;
  at: number;
  busy: boolean;
}) {
  const now = useMinuteClock(at);
  const href = (next: Partial<RequestsState>) => `?${requestsParams({ ...state, ...next }).toString()}`;
  const customPages = Math.max(1, Math.ceil(custom.total / custom.per_page));
  const previewPages = Math.max(1, Math.ceil(previews.total / previews.per_page));

  return (
    <>
      <PageHead title="Requests" lead="Custom ring designs, Home Preview replicas to ship, and the newsletter’s subscribers.">
        <nav aria-label="On this page" className="adm-jump">
          <a className="adm-link" href="#custom-requests-title">
            Custom rings
          </a>
          <a className="adm-link" href="#home-previews-title">
            Home Preview
          </a>
          <a className="adm-link" href="#newsletter-title">
            Newsletter
          </a>
        </nav>
      </PageHead>

      <div className={busy ? 'adm-requests is-busy' : 'adm-requests'} aria-busy={busy || undefined}>
        <section className="adm-section" aria-labelledby="custom-requests-title">
          <h2 id="custom-requests-title" className="adm-section__title" tabIndex={-1}>
            Custom ring requests
          </h2>
          <p className="adm-panel__lead">The store promises an answer by the end of the next business day (Eastern). Open ones, soonest due first.</p>
          <StateTabs
            label="Which custom ring requests"
            value={state.state}
            options={REQUEST_STATE_TABS}
            text={CUSTOM_REQUEST_STATE_TEXT}
            href={(s) => href({ state: s, page: 1 })}
          />
          <p className="adm-list-bar__count adm-section__count" role="status">
            {counted(custom.page, custom.per_page, custom.total, 'request', 'requests')}
          </p>
          {custom.requests.length === 0 ? (
            <EmptyList text={CUSTOM_EMPTY[state.state]} />
          ) : (
            <div className="adm-cards adm-cards--two">
              {custom.requests.map((request) => (
                <CustomRequestCard key={`${request.request_number}-${at}`} initial={request} now={now} heading="h3" />
              ))}
            </div>
          )}
          <PrevNext label="Pages of custom ring requests" page={custom.page} pages={customPages} href={(page) => href({ page })} />
        </section>

        <section className="adm-section" aria-labelledby="home-previews-title">
          <h2 id="home-previews-title" className="adm-section__title" tabIndex={-1}>
            Home Preview requests
          </h2>
          <p className="adm-panel__lead">
            Replica rings to send for a few days at home, newest first. The deposit is taken by phone before they ship, and refunded when every replica is back.
          </p>
          <StateTabs
            label="Which Home Preview requests"
            value={state.preview}
            options={HOME_PREVIEW_TABS}
            text={HOME_PREVIEW_STATUS_TEXT}
            href={(s) => href({ preview: s, preview_page: 1 })}
          />
          <p className="adm-list-bar__count adm-section__count" role="status">
            {counted(previews.page, previews.per_page, previews.total, 'Home Preview', 'Home Previews')}
          </p>
          {previews.previews.length === 0 ? (
            <EmptyList text={PREVIEW_EMPTY[state.preview]} />
          ) : (
            <div className="adm-cards adm-cards--two">
              {previews.previews.map((preview) => (
                <HomePreviewCard key={`${preview.number}-${at}`} initial={preview} heading="h3" />
              ))}
            </div>
          )}
          <PrevNext label="Pages of Home Preview requests" page={previews.page} pages={previewPages} href={(page) => href({ preview_page: page })} />
        </section>

        <section className="adm-section" aria-labelledby="newsletter-title">
          <h2 id="newsletter-title" className="adm-section__title" tabIndex={-1}>
            Newsletter
          </h2>
          <div className="adm-panel adm-newsletter">
            <dl className="adm-stats">
              <div>
                <dt>Subscribed</dt>
                <dd>{newsletter.subscribed.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt>Unsubscribed</dt>
                <dd>{newsletter.unsubscribed.toLocaleString('en-US')}</dd>
              </div>
            </dl>
            <div className="adm-newsletter__download">
              <a className="adm-button adm-button--ghost" href={NEWSLETTER_CSV_PATH} download>
                Download subscribers (CSV)
              </a>
              <p className="adm-muted adm-small">The email addresses that receive the newsletter, with the day each subscribed. The export is written to the audit log.</p>
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
