/**
 * `npm run staff -- COMMAND`: the store's staff from the command line, for the first owner and for when no owner can
 * sign in. Owners invite and remove staff in the back office (/admin/staff); both write to the audit log.
 * Honours DATABASE_URL, SMTP_URL, PUBLIC_URL and the other settings of the server. docs/operations.md.
 */
import { parseArgs } from 'node:util';
import { ADMIN_MESSAGES, STAFF_INVITE_DAYS, STAFF_ROLES, TITLES, type StaffRole, type Title } from '@everstone/contract';
import { ConfigError, loadConfig } from '../config.ts';
import { cliMail } from './cli-mail.ts';
import { createDb, migrateToLatest } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import { createPasswordHasher, createStaffDirectory, type RoleChange } from '../modules/accounts/index.ts';
import { commandLineActor, createAuditLog } from '../modules/audit/index.ts';
import { createAdminSessions } from '../modules/admin/index.ts';
import type { Kysely } from 'kysely';

const USAGE = `Usage: npm run staff -- COMMAND

Commands:
  list                                   the staff and owners
  add EMAIL --role ROLE [--name NAME] [--title T]
                                         gives the account of EMAIL the role (${STAFF_ROLES.join(' or ')}).
                                         Without an account, one is made (--name and --title, ${TITLES.join('/')},
                                         are then needed) and an email with a link to choose a password is sent.
  remove EMAIL                           takes the person off the staff; the account stays a shopper's

The first owner is made here: npm run staff -- add you@example.com --role owner`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { role: { type: 'string' }, name: { type: 'string' }, title: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, email, ...extra] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  if (!['list', 'add', 'remove'].includes(command)) {
    console.error(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }
  if (command !== 'list' && (!email || extra.length > 0)) {
    console.error(`"${command}" takes one email address.\n\n${USAGE}`);
    return 2;
  }
  if (command === 'add' && !(STAFF_ROLES as readonly string[]).includes(values.role ?? '')) {
    console.error(`--role must be ${STAFF_ROLES.join(' or ')}.`);
    return 2;
  }
  if (values.title !== undefined && !(TITLES as readonly string[]).includes(values.title)) {
    console.error(`--title must be one of ${TITLES.join(', ')}.`);
    return 2;
  }

  const config = loadConfig();
  const d = createDb(config.DATABASE_URL);
  const mail = cliMail(config, d);
  try {
    await migrateToLatest(d);
    const staff = createStaffDirectory({
      db: d.db,
      engine: d.engine,
      hasher: createPasswordHasher(),
      now: () => new Date(),
      tokenTtlMs: config.AUTH_TOKEN_TTL_DAYS * 86_400_000,
      resetTtlMs: config.PASSWORD_RESET_TTL_MINUTES * 60_000,
      publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
      storeEmail: config.STORE_EMAIL,
      mail: mail.queue,
    });
    const audit = createAuditLog({ db: d.db, now: () => new Date() });
    const sessions = createAdminSessions({ db: d.db, now: () => new Date() });
    const actor = commandLineActor('npm run staff');
    const record = (action: 'staff.invite' | 'staff.role' | 'staff.remove') => async (trx: Kysely<any>, change: RoleChange) => {
      await audit.record(trx, actor, { action, subject: { type: 'staff', id: change.member.email }, before: change.before, after: change.after });
      if (action !== 'staff.invite') await sessions.endAllOf(change.member.id, trx);
    };

    try {
      if (command === 'list') {
        const list = await staff.list();
        if (list.length === 0) console.log('No staff yet. Make the first owner with: npm run staff -- add EMAIL --role owner');
        for (const m of list) console.log(`${m.role.padEnd(6)} ${m.email}  ${m.name}${m.invited ? '  (invited, no password yet)' : ''}`);
        return 0;
      }
      const target = email!.trim().toLowerCase();
      const current = (await staff.list()).find((m) => m.email === target);
      if (command === 'remove') {
        if (!current) {
          console.error(`${target} is not on the staff.`);
          return 1;
        }
        await staff.remove(null, current.id, record('staff.remove'));
        console.log(`${target} no longer has access to the back office.`);
        return 0;
      }
      const role = values.role as StaffRole;
      if (current) {
        await staff.setRole(null, current.id, role, record('staff.role'));
        console.log(`${target} is ${role === 'owner' ? 'an owner' : 'staff'}.`);
        return 0;
      }
      const existing = await d.db.selectFrom('users').select(['name', 'title']).where('email', '=', target).executeTakeFirst();
      const name = values.name ?? existing?.name;
      const title = (values.title ?? existing?.title) as Title | undefined;
      if (!name || !title) {
        console.error(`${target} has no account yet: give --name and --title (${TITLES.join('/')}) to make one.`);
        return 2;
      }
      let link: string | null = null;
      await staff.invite({ email: target, name, title, role }, record('staff.invite'), {
        // Without a mail server the email's link exists nowhere else: the person at this terminal passes it on.
        revealLink: mail.writesToOutbox ? (href) => (link = href) : undefined,
      });
      console.log(`${target} is ${role === 'owner' ? 'an owner' : 'staff'}. ${existing ? 'They were told by email.' : 'An email with a link to choose a password was sent.'}`);
      if (link) console.log(`No mail server is set (SMTP_URL), so here is that link; it works once, within ${STAFF_INVITE_DAYS} days:\n${link}`);
    } catch (err) {
      if (err instanceof HttpError) {
        console.error(err.message === ADMIN_MESSAGES.alreadyStaff ? `${email} is already on the staff.` : err.message);
        return 1;
      }
      throw err;
    }
    const sent = await mail.send();
    if (sent === 'queued') console.log('The email is queued: the mail server did not take it, and the store will try again.');
    else if (sent === 'written') console.log(`The email was written to ${config.OUTBOX_DIR}.`);
    return 0;
  } finally {
    await mail.close();
    await d.close();
  }
}

try {
  process.exitCode = await main();
} catch (err) {
  if (err instanceof ConfigError) console.error(err.message);
  else if (err instanceof TypeError && (err as NodeJS.ErrnoException).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') console.error(`${err.message}\n\n${USAGE}`);
  else console.error(`The staff command failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
