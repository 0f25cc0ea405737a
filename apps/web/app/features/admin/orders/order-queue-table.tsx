import { formatAmount, type AdminOrderSummary } from '@everstone/contract';
import { formatDayTime, methodText } from '../kit/format';
import { TableScroll } from '../kit/table';
import { OrderLink } from './order-links';

/**
 * A short table of orders waiting on staff, its last column the group's own (when a hold ends, when it is to ship);
 * the fulfilment queue shares it.
 */
export function OrderQueueTable({
  id,
  title,
  orders,
  last,
}: {
  id: string;
  title: string;
  orders: AdminOrderSummary[];
  last: { title: string; cell: (order: AdminOrderSummary) => React.ReactNode };
}) {
  const group = { key: id, title };
  const captionId = `queue-${group.key}-caption`;
  return (
    <TableScroll label={group.title}>
      <table className="adm-table adm-table--queue" role="table" aria-labelledby={captionId}>
        <caption id={captionId} className="visually-hidden">
          {group.title}
        </caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Order
            </th>
            <th scope="col" role="columnheader">
              Name
            </th>
            <th scope="col" role="columnheader" className="adm-num">
              Total
            </th>
            <th scope="col" role="columnheader">
              Method
            </th>
            <th scope="col" role="columnheader">
              {last.title}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {orders.map((order) => (
            <tr key={order.order_number} role="row">
              <td role="cell" className="adm-q-order">
                <OrderLink orderNumber={order.order_number} />
                <span className="adm-cell-sub">Placed {formatDayTime(order.created_at)}</span>
              </td>
              <td role="cell" className="adm-q-name">
                <span className="adm-cell-main">{order.user_name}</span>
                <span className="adm-cell-sub">{order.contact_email}</span>
              </td>
              <td role="cell" className="adm-num adm-q-total">
                {formatAmount(order.total_price)}
              </td>
              <td role="cell" className="adm-q-method" data-label="Method">
                {methodText(order.payment_mode)}
              </td>
              <td role="cell" className="adm-q-hold" data-label={last.title}>
                {last.cell(order)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
