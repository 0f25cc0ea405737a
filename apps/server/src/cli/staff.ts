/**
 * `npm run staff -- COMMAND`: the store's staff from the command line, for the first owner and for when no owner can
 * sign in. Owners invite and remove staff in the back office (/admin/staff); both write to the audit log.
 * Honours DATABASE_URL, SMTP_URL, PUBLIC_URL and the other settings of the server. docs/operations.md.
 */
import { parseArgs } from 'node:util';
import { ADMIN_MESSAGES, STAFF_INVITE_DAYS, STAFF_ROLES, TITLES, type StaffRole, type Title } from '@everstone/contract';
import { ConfigError, loadConfig, secondFactorPolicyOf } from '../config.ts';
import { cliMail } from './cli-mail.ts';
import { createDb, migrateToLatest } from '../db/database.ts';
import type { Handle } from '../db/tables.ts';
import { HttpError } from '../errors.ts';
import { createAccountService, createPasswordHasher, createSecondFactors, createStaffDirectory } from '../modules/accounts/index.ts';
import { commandLineActor, createAuditLog } from '../modules/audit/index.ts';
import { createAdminSessions } from '../modules/admin/index.ts';

const USAGE = `Usage: npm run staff -- COMMAND

Commands:
  list                                   the staff and owners, the invitations not yet used, the owners' changes waiting
  add EMAIL --role ROLE [--name NAME] [--title T]
                                         someone on the staff: their role becomes ROLE (${STAFF_ROLES.join(' or ')}).
                                         Anyone else: an invitation is emailed to EMAIL; nothing is granted until its
                                         link is used, which sets a new password. --name and --title (${TITLES.join('/')})
                                         are needed when the address has no account.
  remove EMAIL                           takes the person off the staff (the account stays a shopper's), or withdraws
                                         the invitation to EMAIL
  reset-second-factor EMAIL              takes away the person's two-step sign-in (a lost phone and lost recovery
                                         codes); they set up a new one at their next sign-in

The first owner is made here: npm run staff -- add you@example.com --role owner --name "Your Name" --title Ms
Every step is on the audit log, and the person and every owner are emailed.`;

const COMMANDS = ['list', 'add', 'remove', 'reset-second-factor'];

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
  if (!COMMANDS.includes(command)) {
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
    const now = () => new Date();
    const sessions = createAdminSessions({ db: d.db, now });
    const deps = {
      db: d.db,
      engine: d.engine,
      hasher: createPasswordHasher(),
      now,
      tokenTtlMs: config.AUTH_TOKEN_TTL_DAYS * 86_400_000,
      resetTtlMs: config.PASSWORD_RESET_TTL_MINUTES * 60_000,
      publicUrl: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
      storeEmail: config.STORE_EMAIL,
      mail: mail.queue,
      audit: createAuditLog({ db: d.db, now }),
      endBackOfficeSessions: (trx: Handle, userId: number) => sessions.endAllOf(userId, trx),
    };
    const staff = createStaffDirectory(deps);
    const accounts = createAccountService(deps);
    const secondFactors = createSecondFactors({ ...deps, policy: secondFactorPolicyOf(config) });
    const actor = commandLineActor('npm run staff');

    try {
      if (command === 'list') {
        const { staff: members, invitations, changes } = await staff.list();
        if (members.length === 0 && invitations.length === 0) console.log('No staff yet. Make the first owner with: npm run staff -- add EMAIL --role owner --name NAME --title T');
        for (const m of members) console.log(`${m.role.padEnd(6)} ${m.email}  ${m.name}${m.second_factor ? '  (two-step sign-in)' : ''}`);
        for (const i of invitations) console.log(`${i.role.padEnd(6)} ${i.email}  ${i.name}  (invited by ${i.invited_by}, not yet accepted; the link works until ${i.expires_at})`);
        for (const c of changes) console.log(`waiting: ${c.member.email} to become ${c.role_after === 'customer' ? 'a shopper' : c.role_after}, asked by ${c.requested_by}, on ${c.effective_at}`);
        return 0;
      }
      const target = email!.trim().toLowerCase();
      const { staff: members, invitations } = await staff.list();
      const current = members.find((m) => m.email === target);
      if (command === 'reset-second-factor') {
        const account = await accounts.findByEmail(target);
        if (!account || !(await secondFactors.reset(actor, account.id))) {
          console.error(`${target} has no two-step sign-in to reset.`);
          return 1;
        }
        console.log(`${target} no longer has a second factor; their back-office sessions have ended. They set up a new one at their next sign-in.`);
      } else if (command === 'remove') {
        const invitation = invitations.find((i) => i.email === target);
        if (!current && !invitation) {
          console.error(`${target} is not on the staff and has no open invitation.`);
          return 1;
        }
        if (current) {
          await staff.remove(actor, current.id);
          console.log(`${target} no longer has access to the back office.`);
        } else {
          await staff.revokeInvitation(actor, invitation!.id);
          console.log(`The invitation to ${target} was withdrawn.`);
        }
      } else if (current) {
        const role = values.role as StaffRole;
        await staff.setRole(actor, current.id, role);
        console.log(`${target} is ${role === 'owner' ? 'an owner' : 'staff'}.`);
      } else {
        const role = values.role as StaffRole;
        const existing = await accounts.findByEmail(target);
        const name = values.name ?? existing?.name;
        const title = (values.title ?? existing?.title) as Title | undefined;
        if (!name || !title) {
          console.error(`${target} has no account yet: give --name and --title (${TITLES.join('/')}) to invite them.`);
          return 2;
        }
        let link: string | null = null;
        await staff.invite(actor, { email: target, name, title, role }, {
          // Without a mail server the email's link exists nowhere else: the person at this terminal passes it on.
          revealLink: mail.writesToOutbox ? (href) => (link = href) : undefined,
        });
        console.log(`${target} is invited as ${role === 'owner' ? 'an owner' : 'staff'}: nothing is granted until they accept with the link emailed to them, which sets a new password.`);
        if (link) console.log(`No mail server is set (SMTP_URL), so here is that link; it works once, within ${STAFF_INVITE_DAYS} days:\n${link}`);
      }
    } catch (err) {
      if (err instanceof HttpError) {
        console.error(err.message === ADMIN_MESSAGES.alreadyStaff ? `${email} is already on the staff.` : err.message);
        return 1;
      }
      throw err;
    }
    const sent = await mail.send();
    if (sent === 'queued') console.log('The emails are queued: the mail server did not take them, and the store will try again.');
    else if (sent === 'written') console.log(`The emails were written to ${config.OUTBOX_DIR}.`);
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
