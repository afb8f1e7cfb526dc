// `petstore staff ...`: the console's accounts, straight against the store with no HTTP: create one (with its
// one-time link), list them, change a role, disable, enable, and reset (a new link).
import { Argument, Command, Option } from 'commander';
import { listeningOrigin, siteOriginOf, welcomeLinkOf } from '../../domain/console-links.js';
import type { StaffAccount } from '../../domain/staff-account.js';
import { staffRoles, type StaffRole } from '../../domain/staff-roles.js';
import type { IssuedLink } from '../../services/staff/accounts.js';
import { configFrom, addSettingOptions, storeSettings } from '../settings-options.js';
import { printFound, printOutcome } from '../print-table.js';
import { withServices } from '../with-services.js';

interface JsonFlag {
  json?: boolean;
}

const linkSettings = [...storeSettings, 'publicUrl', 'host', 'port'] as const;

const accountRow = (a: StaffAccount) => ({
  id: a.id,
  email: a.email,
  name: a.name,
  role: a.role,
  status: a.status,
  created: a.createdAt,
});

/** The link as the person will open it: at the public URL's origin, or where `serve` listens here. */
function linkOf(command: Command, issued: IssuedLink): string {
  const config = configFrom(command);
  return welcomeLinkOf(
    siteOriginOf(config.publicUrl, listeningOrigin(config.host, config.port)),
    issued.token,
  );
}

function printLink(command: Command, issued: IssuedLink, what: string, json?: boolean): void {
  const link = linkOf(command, issued);
  if (json) {
    console.log(JSON.stringify({ ...issued.account, link, linkExpiresAt: issued.expiresAt }));
    return;
  }
  const { account } = issued;
  console.log(
    `${what} ${account.email} (${account.name}, ${account.role}). Send them this one-time link, where they ` +
      `choose their password; it works once, until ${issued.expiresAt}:\n\n  ${link}\n`,
  );
}

const ref = new Argument('<account>', 'Account id or email');

export function staffCommand(): Command {
  const staff = new Command('staff');

  addSettingOptions(
    staff
      .command('create')
      .description('Create a console account and print its one-time link (valid for 24 hours)')
      .requiredOption('--email <email>', 'Their email, which they sign in with')
      .requiredOption('--name <name>', 'Their name, as the console shows it')
      .addOption(
        new Option('--role <role>', 'What they may do (docs/console.md#roles)')
          .choices(staffRoles)
          .makeOptionMandatory(),
      )
      .option('--json', 'Print {id, email, name, role, status, createdAt, link, linkExpiresAt}'),
    [...linkSettings],
  ).action(async (options: { email: string; name: string; role: StaffRole } & JsonFlag, command: Command) => {
    const issued = await withServices(command, ({ staff }) => staff.accounts.create(options));
    printLink(command, issued, 'Created', options.json);
  });

  addSettingOptions(
    staff.command('list').description('List console accounts').option('--json', 'Print a JSON array'),
    storeSettings,
  ).action(async (options: JsonFlag, command: Command) => {
    const accounts = await withServices(command, ({ staff }) => staff.accounts.list());
    printFound(accounts, accountRow, options.json);
  });

  addSettingOptions(
    staff
      .command('set-role')
      .description("Change an account's role; it holds from the account's next request")
      .addArgument(ref)
      .addArgument(new Argument('<role>', 'New role').choices(staffRoles))
      .option('--json', 'Print the account as one JSON object'),
    storeSettings,
  ).action(async (account: string, role: StaffRole, options: JsonFlag, command: Command) => {
    const changed = await withServices(command, ({ staff }) => staff.accounts.setRole(account, role));
    printOutcome(changed, (a) => `${a.email} is now ${a.role}`, options.json);
  });

  addSettingOptions(
    staff
      .command('disable')
      .description('Disable an account: its sessions end at once, on every instance, and it cannot sign in')
      .addArgument(ref)
      .option('--json', 'Print the account as one JSON object'),
    storeSettings,
  ).action(async (account: string, options: JsonFlag, command: Command) => {
    const changed = await withServices(command, ({ staff }) => staff.accounts.disable(account));
    printOutcome(changed, (a) => `${a.email} is disabled; its sessions have ended`, options.json);
  });

  addSettingOptions(
    staff
      .command('enable')
      .description('Enable a disabled account again')
      .addArgument(ref)
      .option('--json', 'Print the account as one JSON object'),
    storeSettings,
  ).action(async (account: string, options: JsonFlag, command: Command) => {
    const changed = await withServices(command, ({ staff }) => staff.accounts.enable(account));
    printOutcome(changed, (a) => `${a.email} is ${a.status}`, options.json);
  });

  addSettingOptions(
    staff
      .command('reset')
      .description(
        'Print a new one-time link for the account to choose a new password (older links stop working)',
      )
      .addArgument(ref)
      .option('--json', 'Print {id, email, name, role, status, createdAt, link, linkExpiresAt}'),
    [...linkSettings],
  ).action(async (account: string, options: JsonFlag, command: Command) => {
    const issued = await withServices(command, ({ staff }) => staff.accounts.reset(account));
    printLink(command, issued, 'A new link for', options.json);
  });

  return staff;
}
