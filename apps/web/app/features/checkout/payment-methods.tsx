import { useId } from 'react';
import { PAYMENT_METHODS, holdNoticeOf, type PaymentMethod } from '@everstone/contract';
import { PAYMENT_METHOD_INFO } from './checkout';

interface PaymentMethodsProps {
  value: PaymentMethod | null;
  onChange(method: PaymentMethod): void;
  error: string | undefined;
  disabled?: boolean;
}

/**
 * §4: the seven payment methods as one radio list; the chosen one opens its info box, which its radio names
 * as its description so a screen reader hears it too. The box ends with how long the diamonds are held for that
 * method before it is paid or confirmed (the contract's UNPAID_HOLD_HOURS). The group carries §5's 'Please select
 * a payment method'.
 */
export function PaymentMethods({ value, onChange, error, disabled }: PaymentMethodsProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="checkout-section pay-methods"
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={error ? errorId : `${id}-lead`}
      aria-invalid={error ? true : undefined}
      aria-required="true"
      disabled={disabled}
    >
      <legend id={`${id}-legend`} className="checkout-section__title">
        Payment
      </legend>
      <p id={`${id}-lead`} className="checkout-section__lead">
        Choose how you would like to pay. Your card or account is never charged on this page.
      </p>
      <ul className={error ? 'pay-methods__list pay-methods__list--invalid' : 'pay-methods__list'}>
        {PAYMENT_METHODS.map(({ id: method, label }) => {
          const checked = value === method;
          const hold = holdNoticeOf(method);
          const info = hold ? `${PAYMENT_METHOD_INFO[method]} ${hold}` : PAYMENT_METHOD_INFO[method];
          const inputId = `${id}-${method}`;
          return (
            <li key={method} className={checked ? 'pay-method pay-method--checked' : 'pay-method'}>
              <label className="pay-method__choice" htmlFor={inputId}>
                <input
                  id={inputId}
                  type="radio"
                  name="payment"
                  value={method}
                  checked={checked}
                  onChange={() => onChange(method)}
                  aria-describedby={checked ? `${inputId}-info` : undefined}
                />
                <span className="pay-method__label">{label}</span>
              </label>
              {checked && (
                <p id={`${inputId}-info`} className="pay-method__info" data-method={method}>
                  {info}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={errorId} className="field-error pay-methods__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
