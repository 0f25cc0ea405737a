import { isRouteErrorResponse, Link } from 'react-router';
import { ADMIN_MESSAGES } from '@everstone/contract';
import { PageMessage } from './frame';

/**
 * What a back-office page shows when it fails: a page that does not exist, or one that could not be loaded. Details
 * stay in the console; the person gets a plain sentence and a way on.
 */
export function AdminRouteError({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 0;
  if (status === 404) {
    return (
      <PageMessage title="Page not found">
        <p>There is no such page in the back office. The link may be mistyped.</p>
        <p>
          <Link className="adm-button" to="/admin">
            Go to Today
          </Link>
        </p>
      </PageMessage>
    );
  }
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <PageMessage title="This page could not be loaded">
      <p>The back office could not be reached, or it answered in a way this page does not understand. Please try again in a moment.</p>
      <p>
        <button type="button" className="adm-button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </p>
    </PageMessage>
  );
}

/** An owner's page opened by staff: the server's reason, and the way back. */
export function NotAllowed({ message }: { message: string | null }) {
  return (
    <PageMessage title="Not allowed">
      <p>{message ?? ADMIN_MESSAGES.ownerOnly}</p>
      <p>
        <Link className="adm-button" to="/admin">
          Go to Today
        </Link>
      </p>
    </PageMessage>
  );
}
