import * as Dialog from '@radix-ui/react-dialog';
import {
  CARRIERS,
  CARRIER_NAMES,
  adminOrderStepResponseSchema,
  delayOrderRequestSchema,
  formatAmount,
  shipOrderRequestSchema,
  type AdminOrder,
  type AdminOrderStepResponse,
} from '@everstone/contract';
import { Field, answerFrom, useForm, type FormAnswer } from '../../../components/ui/form';
import { adminApi, type AdminResult } from '../kit/admin-api';
import { useFailureText } from '../kit/lists';
import { useReauth } from '../kit/reauth';
import { DialogActions } from '../kit/dialog-actions';
import { storeToday } from '../kit/format';
import { STEP_EFFECTS, stepLabel } from './steps';

type Done = (order: AdminOrder, message: string) => void;

/** A step's answer: done (the order page shows the new order and says so), or why not, in the server's words. */
function useStepAnswer() {
  const failureText = useFailureText();
  return async <F extends string>(result: AdminResult<AdminOrderStepResponse> | null, fields: readonly F[], onDone: Done, fallback: string): Promise<FormAnswer<F> | null> => {
    if (result === null) return null;
    if (result.ok) {
      onDone(result.data.order, result.data.message);
      return answerFrom(result, { fields, fallback });
    }
    const text = await failureText(result, fallback);
    return text === null ? null : answerFrom(result, { fields, fallback: text });
  };
}

const stepPath = (order: AdminOrder, step: 'ship' | 'delay') => `/api/admin/orders/${encodeURIComponent(order.order_number)}/${step}`;

const SHIP_FIELDS = ['carrier', 'tracking_number', 'insured_value'] as const;

/**
 * Shipping an order: the carrier, the tracking number from its label (checked against the carrier's format before it
 * is sent, and again by the server) and the insured value, the order's total unless staff insure it for less.
 */
export function ShipForm({ order, onDone }: { order: AdminOrder; onDone: Done }) {
  const run = useReauth();
  const answer = useStepAnswer();
  const form = useForm({
    fields: SHIP_FIELDS,
    schema: shipOrderRequestSchema,
    resetOnSuccess: false,
    send: async ({ carrier, tracking_number, insured_value }) => {
      const body = { carrier, tracking_number, ...(insured_value.trim() ? { insured_value: insured_value.trim() } : {}) };
      const result = await run(() => adminApi.post(stepPath(order, 'ship'), body, adminOrderStepResponseSchema));
      return answer(result, SHIP_FIELDS, onDone, 'The shipment could not be recorded. Please try again in a moment.');
    },
  });
  return (
    <>
      <Dialog.Title className="adm-dialog__title">
        {stepLabel('ship')}: {order.order_number}
      </Dialog.Title>
      <Dialog.Description asChild>
        <div className="adm-dialog__text">
          <p>{STEP_EFFECTS.ship.does}</p>
          <p className="adm-dialog__email">{STEP_EFFECTS.ship.email}</p>
        </div>
      </Dialog.Description>
      <form.Form {...form.props} className="adm-form" noValidate aria-label={`Ship order ${order.order_number}`}>
        <Field form={form} name="carrier" label="Carrier" as="select" controlClassName="adm-control" required defaultValue="">
          <option value="" disabled>
            Choose the carrier
          </option>
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {CARRIER_NAMES[c]}
            </option>
          ))}
        </Field>
        <Field
          form={form}
          name="tracking_number"
          label="Tracking number"
          controlClassName="adm-control"
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={60}
          hint="As printed on the label; spaces do not matter."
        />
        <Field
          form={form}
          name="insured_value"
          label="Insured value (USD)"
          optional
          controlClassName="adm-control"
          inputMode="decimal"
          autoComplete="off"
          placeholder={order.total_price}
          hint={`Left empty, the parcel is insured for the order’s total, ${formatAmount(order.total_price)}. From ${formatAmount(order.signature_required_from)} it is sent signature required.`}
        />
        <DialogActions error={form.notice?.text ?? null} sending={form.busy} label={stepLabel('ship')} busyLabel="Recording…" />
      </form.Form>
    </>
  );
}

const DELAY_FIELDS = ['ships_by', 'reason'] as const;

/** A new ships-by date: a business day after today, and why, both emailed to the shopper. */
export function DelayForm({ order, onDone }: { order: AdminOrder; onDone: Done }) {
  const run = useReauth();
  const answer = useStepAnswer();
  const today = storeToday(new Date());
  const form = useForm({
    fields: DELAY_FIELDS,
    schema: delayOrderRequestSchema,
    resetOnSuccess: false,
    send: async ({ ships_by, reason }) => {
      const result = await run(() => adminApi.post(stepPath(order, 'delay'), { ships_by, ...(reason.trim() ? { reason: reason.trim() } : {}) }, adminOrderStepResponseSchema));
      return answer(result, DELAY_FIELDS, onDone, 'The new date could not be saved. Please try again in a moment.');
    },
  });
  return (
    <>
      <Dialog.Title className="adm-dialog__title">
        {stepLabel('delay')}: {order.order_number}
      </Dialog.Title>
      <Dialog.Description asChild>
        <div className="adm-dialog__text">
          <p>
            {order.ships_by ? `It was to ship by ${order.ships_by}. ` : ''}
            {STEP_EFFECTS.delay.does}
          </p>
          <p className="adm-dialog__email">{STEP_EFFECTS.delay.email}</p>
        </div>
      </Dialog.Description>
      <form.Form {...form.props} className="adm-form" noValidate aria-label={`New ships-by date for order ${order.order_number}`}>
        <Field form={form} name="ships_by" label="New ships-by date" type="date" controlClassName="adm-control" required min={today} hint="A business day: not a weekend or a day the store is closed." />
        <Field form={form} name="reason" label="Why, for the shopper" as="textarea" optional controlClassName="adm-control" rows={3} maxLength={300} hint="Added to the email and the order page, for instance “the stone is back at the lab for a re-check”." />
        <DialogActions error={form.notice?.text ?? null} sending={form.busy} label="Promise the new date" busyLabel="Saving…" />
      </form.Form>
    </>
  );
}
