import { PRODUCTION_STAGES, PRODUCTION_STAGE_LABELS, formatAmount, formatShipDay, type AdminOrder } from '@everstone/contract';
import { formatDayTime } from '../kit/format';

/**
 * Where the order stands after the sale: the day it is to ship (and whether it is late), the workshop's stages of a
 * made-to-order order, and each parcel with its carrier's tracking page.
 */
export function FulfilmentPanel({ order }: { order: AdminOrder }) {
  const done = order.production_stage ? PRODUCTION_STAGES.indexOf(order.production_stage) : -1;
  const stageAt = new Map(order.timeline.filter((e) => e.step === 'production' && e.stage).map((e) => [e.stage!, e.at]));
  return (
    <section className="adm-panel" aria-labelledby="fulfilment-title">
      <h2 id="fulfilment-title" className="adm-panel__title">
        Fulfilment
      </h2>
      <dl className="adm-facts">
        <div>
          <dt>Ships by</dt>
          <dd>
            {order.ships_by ? (
              <>
                {formatShipDay(order.ships_by)}
                {order.ships_by_changed && <span className="adm-muted"> (moved)</span>}
                {order.late && <span className="adm-badge adm-badge--late">Late</span>}
              </>
            ) : (
              <span className="adm-muted">{order.shipments.length > 0 ? 'Shipped' : '—'}</span>
            )}
          </dd>
        </div>
      </dl>
      {order.made_to_order && order.order_status !== 'cancelled' && (
        <ol className="adm-stages" aria-label="Workshop stages">
          {PRODUCTION_STAGES.map((stage, i) => (
            <li key={stage} className={i <= done ? 'adm-stages__done' : i === done + 1 ? 'adm-stages__next' : undefined}>
              <span>{PRODUCTION_STAGE_LABELS[stage]}</span>
              {stageAt.has(stage) ? (
                <time className="adm-stages__at" dateTime={stageAt.get(stage)}>
                  {formatDayTime(stageAt.get(stage)!)}
                </time>
              ) : (
                <span className="adm-stages__at">{i === done + 1 ? 'next' : 'to do'}</span>
              )}
            </li>
          ))}
        </ol>
      )}
      {order.shipments.map((parcel) => (
        <div key={`${parcel.carrier}-${parcel.tracking_number}`} className="adm-parcel">
          <p className="adm-parcel__head">
            {parcel.carrier_name}{' '}
            <a className="adm-link" href={parcel.tracking_url} target="_blank" rel="noopener noreferrer">
              {parcel.tracking_number}
              <span className="visually-hidden"> (opens {parcel.carrier_name}’s tracking page)</span>
            </a>
          </p>
          <p className="adm-muted adm-small">
            Insured for {formatAmount(parcel.insured_value)}
            {parcel.signature_required ? ', signature required' : ''}. Shipped {formatDayTime(parcel.shipped_at)}
            {parcel.delivered_at ? `, delivered ${formatDayTime(parcel.delivered_at)}` : ''}.
          </p>
        </div>
      ))}
    </section>
  );
}
