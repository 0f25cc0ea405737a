import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ADMIN_MESSAGES, adminSessionSchema, adminSignInRequestSchema } from '@everstone/contract';
import { STORE_NAME } from '../../content/store';
import { errorsFromIssues, showFieldErrors, type FieldErrors } from '../../components/ui/fields';
import { FieldError, describedBy, withoutField } from '../../components/ui/field-errors';
import { adminApi, safeNext } from './admin-api';
import { AdminStyles } from './admin-frame';

const UNREACHABLE = 'The back office could not be reached. Please check your connection and try again.';

const NEEDS_SCRIPT = 'This page was still loading. Please try again: the back office needs JavaScript turned on in your browser.';

type Banner = { kind: 'error' | 'success'; text: string } | null;

/** What the page says on arrival: the session ran out, or the person has just signed out. */
function arrivalBanner(ended: boolean, state: unknown): Banner {
  const notice = typeof state === 'object' && state !== null ? (state as { notice?: unknown }).notice : undefined;
  if (typeof notice === 'string' && notice) return { kind: 'success', text: notice };
  if (ended) return { kind: 'error', text: ADMIN_MESSAGES.expired };
  return null;
}

/**
 * /admin/sign-in: the staff's email and password. The server sets the session's cookie; the page then goes on to
 * `next` (the page that asked for a session), or the first screen. Someone already signed in goes straight on.
 */
export function AdminSignInPage({ needsScript = false }: { needsScript?: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<Banner>(() =>
    needsScript ? { kind: 'error', text: NEEDS_SCRIPT } : arrivalBanner(search.get('ended') === '1', location.state),
  );
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    void adminApi.get('/api/admin/session', adminSessionSchema).then((result) => {
      if (live && result.ok) void navigate(next, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate, next]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const payload = { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
    const parsed = adminSignInRequestSchema.safeParse(payload);
    if (!parsed.success) {
      setBanner(null);
      showFieldErrors(errorsFromIssues(parsed.error.issues), setErrors, form);
      return;
    }
    setSending(true);
    setBanner(null);
    const result = await adminApi.post('/api/admin/session', parsed.data, adminSessionSchema);
    if (result.ok) {
      await navigate(next, { replace: true });
      return;
    }
    setSending(false);
    if (result.status === 422 && result.errors) {
      const elsewhere = Object.entries(result.errors)
        .filter(([field]) => field !== 'email' && field !== 'password')
        .flatMap(([, messages]) => messages);
      setBanner(elsewhere.length ? { kind: 'error', text: elsewhere.join(' ') } : null);
      showFieldErrors(result.errors, setErrors, form);
      return;
    }
    setErrors({});
    const fallback = result.status === 401 ? ADMIN_MESSAGES.invalidCredentials : result.status === 403 ? ADMIN_MESSAGES.notStaff : UNREACHABLE;
    setBanner({ kind: 'error', text: (result.status > 0 && result.status < 500 && result.message) || fallback });
  }

  const clear = (field: string) => () => setErrors((e) => withoutField(e, field));

  return (
    <div className="adm adm-auth">
      <AdminStyles />
      <main id="main" className="adm-auth__main">
        <div className="adm-auth__card">
          <p className="adm-auth__brand">
            <span className="adm-brand__store">{STORE_NAME}</span>
            <span className="adm-brand__part">Back office</span>
          </p>
          <h1 id={`${id}-title`} className="adm-title">
            Sign in
          </h1>
          <p className="adm-lead">For the store’s staff. Shoppers sign in on the storefront.</p>
          <div role="alert" className="form-live">
            {banner && <p className={`form-banner form-banner--${banner.kind}`}>{banner.text}</p>}
          </div>
          <form ref={form} className="adm-form" method="post" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
            <div className="form-field">
              <label className="form-label" htmlFor={`${id}-email`}>
                Email
              </label>
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                className="form-control adm-control"
                autoComplete="username"
                required
                maxLength={254}
                onChange={clear('email')}
                {...describedBy(id, errors, 'email')}
              />
              <FieldError formId={id} errors={errors} field="email" />
            </div>
            <div className="form-field">
              <label className="form-label" htmlFor={`${id}-password`}>
                Password
              </label>
              <input
                id={`${id}-password`}
                name="password"
                type="password"
                className="form-control adm-control"
                autoComplete="current-password"
                required
                maxLength={256}
                onChange={clear('password')}
                {...describedBy(id, errors, 'password')}
              />
              <FieldError formId={id} errors={errors} field="password" />
            </div>
            <button type="submit" className="adm-button adm-button--wide" disabled={sending}>
              {sending ? 'Signing in…' : 'Sign in'}
            </button>
          </form>
        </div>
      </main>
    </div>
  );
}
