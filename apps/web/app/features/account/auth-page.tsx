import accountHref from '../../styles/account.css?url';

/**
 * The frame of the sign-in, sign-up and password pages: one centred card on a quiet backdrop, headed by the
 * page's only h1. The forms reuse the store's form parts (forms.css); account.css dresses the card.
 */
export function AuthPage({
  titleId,
  title,
  lead,
  wide = false,
  children,
}: {
  titleId: string;
  title: React.ReactNode;
  lead?: React.ReactNode;
  /** The sign-up form lays its fields out in columns. */
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="auth-page">
      {/* With a precedence, so they are sent ahead of the script preloads (root.tsx). */}
      <link rel="stylesheet" href={accountHref} precedence="default" />
      <div className={wide ? 'auth-card auth-card--wide' : 'auth-card'}>
        <div className="auth-head">
          <p className="auth-eyebrow">My Account</p>
          <h1 id={titleId} className="auth-title">
            {title}
          </h1>
          {lead ? <p className="auth-lead">{lead}</p> : null}
        </div>
        {children}
      </div>
    </div>
  );
}
