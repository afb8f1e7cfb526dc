// `petstore keys ...`: issue, list, revoke, re-plan, re-scope, expire, inspect and unban API keys, straight against the store
// with no HTTP, and Redis: its rate-limit counters, and the data version that a key change moves on PostgreSQL.
import { Argument, Command, Option } from 'commander';
import { planNames, type PlanName } from '../../domain/plans.js';
import { scopeNames, type Scope } from '../../domain/scopes.js';
import type { ApiKeyInfo } from '../../services/api-keys-service.js';
import type { KeyLimitsStatus } from '../../services/key-limits-service.js';
import { withServices } from '../with-services.js';
import { addSettingOptions, storeAndRedisSettings, storeSettings } from '../settings-options.js';
import { printOutcome, printTable } from '../print-table.js';
import { usageError } from '../cli-error.js';
import { duration, instant, instantOrNever, positiveInteger, scopeList } from '../option-parsers.js';

interface JsonFlag {
  json?: boolean;
}

const jsonKeyHelp = 'Print the key as one JSON object, as `keys list --json` lists it';

interface QuotaFlags {
  perMinute?: number;
  perDay?: number;
}

/** Enterprise keys need both quotas; the other plans take their plan's. `enterprise` names it in messages. */
function checkQuotaFlags(plan: PlanName, { perMinute, perDay }: QuotaFlags, enterprise: string): void {
  if (plan !== 'enterprise' && (perMinute || perDay)) {
    throw usageError(`--per-minute and --per-day apply only to ${enterprise}`);
  }
  if (plan === 'enterprise' && (!perMinute || !perDay)) {
    throw usageError(`${enterprise} needs --per-minute and --per-day`);
  }
}

const quotaText = (k: ApiKeyInfo) =>
  `${k.quota.perMinute.toLocaleString('en')} per minute, ${k.quota.perDay.toLocaleString('en')} per day`;

const scopesText = (k: ApiKeyInfo) => k.scopes.join(',');
const expiryText = (k: ApiKeyInfo) => k.expiresAt ?? 'never';

function printStatus({ key, banned, usage }: KeyLimitsStatus, countersUnavailable?: string): void {
  console.log(`${key.id}  ${key.name}  (${key.revokedAt ? `revoked ${key.revokedAt}` : 'active'})`);
  console.log(`Plan:   ${key.plan}, ${quotaText(key)}`);
  console.log(`Scopes: ${scopesText(key)}`);
  console.log(`Expiry: ${expiryText(key)}`);
  if (usage) {
    for (const u of usage) {
      const resets = u.resetsAt ? `, window resets ${u.resetsAt}` : '';
      console.log(`Usage:  ${u.window.padEnd(6)} ${u.used} of ${u.limit} used${resets}`);
    }
  } else {
    console.log(`Usage:  unknown (${countersUnavailable})`);
  }
  const offences = `${key.banOffences} offence${key.banOffences === 1 ? '' : 's'} remembered`;
  if (banned)
    console.log(`Ban:    banned until ${key.bannedUntil} (${offences}); lift it with \`keys unban\``);
  else if (key.bannedUntil) console.log(`Ban:    none (last ban ended ${key.bannedUntil}; ${offences})`);
  else console.log('Ban:    none');
}

const keyRow = (k: ApiKeyInfo) => ({
  id: k.id,
  name: k.name,
  plan: k.plan,
  'per minute': k.quota.perMinute,
  'per day': k.quota.perDay,
  key: `…${k.hint}`,
  created: k.createdAt,
  'last used': k.lastUsedAt ?? '-',
  revoked: k.revokedAt ?? '-',
  scopes: scopesText(k),
  expires: expiryText(k),
});

interface CreateFlags extends QuotaFlags {
  plan: PlanName;
  name: string;
  json?: boolean;
  scopes?: Scope[];
  expiresIn?: number;
  expiresAt?: number;
}

/** The expiry `create` asks for: in a duration from now, at a time, or never. */
function expiryOf({ expiresIn, expiresAt }: CreateFlags, now: number): number | null {
  if (expiresIn !== undefined && expiresAt !== undefined) {
    throw usageError('give --expires-in or --expires-at, not both');
  }
  const at = expiresIn !== undefined ? now + expiresIn : (expiresAt ?? null);
  if (at !== null && at <= now)
    throw usageError(`--expires-at ${new Date(at).toISOString()} is not in the future`);
  return at;
}

export function keysCommand(): Command {
  const keys = new Command('keys');

  addSettingOptions(
    keys
      .command('create')
      .description('Issue a key; the secret is printed once and only its hash is stored')
      .addOption(new Option('--plan <plan>', 'Plan of the key').choices(planNames).makeOptionMandatory())
      .requiredOption('--name <name>', 'Who or what the key is for')
      .option('--per-minute <n>', 'Enterprise only: requests per minute', positiveInteger('--per-minute'))
      .option('--per-day <n>', 'Enterprise only: requests per day', positiveInteger('--per-day'))
      .option(
        '--scopes <list>',
        `What the key may do, comma-separated (${scopeNames.join(', ')}); every scope when absent`,
        scopeList,
      )
      .option('--expires-in <duration>', 'Expire the key after this long, e.g. 90d or 12h', duration)
      .option('--expires-at <time>', 'Expire the key at this RFC 3339 time', instant)
      .option('--json', 'Print one JSON object'),
    storeAndRedisSettings,
  ).action(async (options: CreateFlags, command: Command) => {
    checkQuotaFlags(options.plan, options, '--plan enterprise');
    const expiresAt = expiryOf(options, Date.now());
    const issued = await withServices(command, ({ apiKeys }) => apiKeys.create({ ...options, expiresAt }));
    if (options.json) {
      console.log(JSON.stringify(issued));
      return;
    }
    console.log(
      `Created ${issued.id} (${issued.plan}) for ${issued.name}, scopes ${scopesText(issued)}, ` +
        `expires ${expiryText(issued)}. The key is shown only now:\n\n  ${issued.key}\n`,
    );
  });

  addSettingOptions(
    keys
      .command('list')
      .description('List keys (never their secrets)')
      .option('--json', 'Print a JSON array'),
    storeSettings,
  ).action(async (options: { json?: boolean }, command: Command) => {
    const all = await withServices(command, ({ apiKeys }) => apiKeys.list());
    if (options.json) console.log(JSON.stringify(all));
    else printTable(all.map(keyRow));
  });

  addSettingOptions(
    keys
      .command('revoke')
      .description('Revoke a key; it is refused from its next request on')
      .argument('<id>', 'Key id')
      .option('--json', jsonKeyHelp),
    storeAndRedisSettings,
  ).action(async (id: string, options: JsonFlag, command: Command) => {
    const revoked = await withServices(command, ({ apiKeys }) => apiKeys.revoke(id));
    printOutcome(revoked, (k) => `Revoked ${k.id} (${k.name}) at ${k.revokedAt}`, options.json);
  });

  addSettingOptions(
    keys
      .command('show')
      .description('Show a key: plan, quotas, scopes, expiry, usage in both windows and ban state')
      .argument('<id>', 'Key id')
      .option('--json', 'Print one JSON object'),
    storeAndRedisSettings,
  ).action(async (id: string, options: { json?: boolean }, command: Command) => {
    await withServices(
      command,
      async ({ keyLimits }, { countersUnavailable }) => {
        const status = await keyLimits.show(id);
        if (options.json) console.log(JSON.stringify({ ...status, countersUnavailable }));
        else printStatus(status, countersUnavailable);
      },
      { limits: true },
    );
  });

  addSettingOptions(
    keys
      .command('set-plan')
      .description("Change a key's plan; every instance applies it from the key's next request")
      .argument('<id>', 'Key id')
      .addArgument(new Argument('<plan>', 'New plan').choices(planNames))
      .option('--per-minute <n>', 'Enterprise only: requests per minute', positiveInteger('--per-minute'))
      .option('--per-day <n>', 'Enterprise only: requests per day', positiveInteger('--per-day'))
      .option('--json', jsonKeyHelp),
    storeAndRedisSettings,
  ).action(async (id: string, plan: PlanName, options: QuotaFlags & JsonFlag, command: Command) => {
    checkQuotaFlags(plan, options, 'the enterprise plan');
    const key = await withServices(command, ({ apiKeys }) => apiKeys.setPlan(id, plan, options));
    printOutcome(key, (k) => `${k.id} (${k.name}) is now on ${k.plan}: ${quotaText(k)}`, options.json);
  });

  addSettingOptions(
    keys
      .command('set-scopes')
      .description("Replace a key's scopes; every instance applies them from the key's next request")
      .argument('<id>', 'Key id')
      .argument('<scopes>', `Comma-separated: ${scopeNames.join(', ')}`, scopeList)
      .option('--json', jsonKeyHelp),
    storeAndRedisSettings,
  ).action(async (id: string, scopes: Scope[], options: JsonFlag, command: Command) => {
    const key = await withServices(command, ({ apiKeys }) => apiKeys.setScopes(id, scopes));
    printOutcome(key, (k) => `${k.id} (${k.name}) now has the scopes ${scopesText(k)}`, options.json);
  });

  addSettingOptions(
    keys
      .command('set-expiry')
      .description(
        "Set when a key expires, or `never`; every instance applies it from the key's next request",
      )
      .argument('<id>', 'Key id')
      .argument('<when>', 'An RFC 3339 time, or never', instantOrNever)
      .option('--json', jsonKeyHelp),
    storeAndRedisSettings,
  ).action(async (id: string, when: number | null, options: JsonFlag, command: Command) => {
    const key = await withServices(command, ({ apiKeys }) => apiKeys.setExpiry(id, when));
    const past = when !== null && when <= Date.now() ? ' (already expired: it is refused from now on)' : '';
    printOutcome(key, (k) => `${k.id} (${k.name}) expires ${expiryText(k)}${past}`, options.json);
  });

  addSettingOptions(
    keys
      .command('unban')
      .description("Lift a key's ban and forget its past offences")
      .argument('<id>', 'Key id')
      .option('--json', 'Print one JSON object: the key, and whether it was banned'),
    storeAndRedisSettings,
  ).action(async (id: string, options: JsonFlag, command: Command) => {
    const unbanned = await withServices(command, ({ keyLimits }) => keyLimits.unban(id), { limits: true });
    printOutcome(
      unbanned,
      ({ key, wasBanned }) =>
        wasBanned
          ? `Unbanned ${key.id} (${key.name})`
          : `${key.id} (${key.name}) was not banned; offences forgotten`,
      options.json,
    );
  });

  return keys;
}
