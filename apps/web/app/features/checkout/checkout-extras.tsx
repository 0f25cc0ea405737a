/**
 * Radiance Rewards and express checkout, as the spec has them: shown, and honestly unavailable (§1, §9: the
 * points box is disabled; the express buttons do nothing). aria-disabled keeps the buttons findable and says why.
 */
export function CheckoutExtras() {
  return (
    <>
      <section className="checkout-express" aria-labelledby="checkout-express-title">
        <h2 id="checkout-express-title" className="checkout-express__title">
          Express checkout
        </h2>
        <div className="checkout-express__buttons">
          {['PayPal', 'Apple Pay', 'Google Pay'].map((name) => (
            <button key={name} type="button" className="checkout-express__button" aria-disabled="true" aria-describedby="checkout-express-note">
              {name}
            </button>
          ))}
        </div>
        <p id="checkout-express-note" className="summary-note">
          Express checkout is not available yet. Please enter your details below.
        </p>
      </section>
      <p className="checkout-or" aria-hidden="true">
        <span>or</span>
      </p>
      <section className="checkout-points" aria-labelledby="checkout-points-title">
        <h2 id="checkout-points-title" className="checkout-points__title">
          Radiance Rewards
        </h2>
        <p className="summary-note" id="checkout-points-note">
          Redeeming points is not available at checkout yet. Your points stay in your account.
        </p>
        <div className="summary-discount__row">
          <label className="visually-hidden" htmlFor="checkout-points">
            Points to redeem
          </label>
          <input id="checkout-points" className="form-control" type="text" inputMode="numeric" placeholder="Points to redeem" disabled aria-describedby="checkout-points-note" />
          <button type="button" className="button summary-discount__apply" disabled>
            Redeem
          </button>
        </div>
      </section>
    </>
  );
}
