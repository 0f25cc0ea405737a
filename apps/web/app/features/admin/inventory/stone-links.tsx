import { Link } from 'react-router';
import { ADMIN_STONE_STATUS_LABELS, type DiamondStatus } from '@everstone/contract';
import inventoryHref from '../../../styles/admin-inventory.css?url';

/** The inventory pages' own rules, beside the back office's stylesheet (hoisted and shared the same way). */
export function InventoryStyles() {
  return <link rel="stylesheet" href={inventoryHref} precedence="default" />;
}

/** A stone's page in the back office. */
export const adminStonePath = (id: number) => `/admin/stones/${id}`;

export const STONES_PATH = '/admin/stones';
export const STONE_IMPORT_PATH = '/admin/stones/import';
/** The whole inventory as a supplier file; the browser downloads it with the staff's cookie. */
export const STONE_EXPORT_PATH = '/api/admin/stones/export.csv';

/** Where the stone is: for sale, reserved, sold or hidden, in the contract's words. */
export function StoneStatusBadge({ status }: { status: DiamondStatus }) {
  return (
    <span className={`adm-badge adm-badge--stone-${status}`}>
      <span className="visually-hidden">Status: </span>
      {ADMIN_STONE_STATUS_LABELS[status]}
    </span>
  );
}

export function StoneLink({ id, certificate }: { id: number; certificate: string }) {
  return (
    <Link className="adm-order-link" to={adminStonePath(id)}>
      {certificate}
    </Link>
  );
}

/** The inventory's two actions on a file: bring one in, take the whole inventory out. */
export function InventoryFileActions({ importLink = true }: { importLink?: boolean }) {
  return (
    <>
      {importLink && (
        <Link className="adm-button adm-button--small" to={STONE_IMPORT_PATH}>
          Import a file
        </Link>
      )}
      <a className="adm-button adm-button--ghost adm-button--small" href={STONE_EXPORT_PATH} download>
        Export inventory (CSV)
      </a>
    </>
  );
}
