// `petstore keys ...`: issue, list, revoke, re-plan, inspect and unban API keys, straight against the store
// (and the rate-limit counters in Redis) with no HTTP.
import { Argument, Command, Option } from 'commander';
import { planNames, type PlanName } from '../../domain/plans.js';
import type { ApiKeyInfo } from '../../services/api-keys-service.js';
import type { KeyLimitsStatus } from '../../services/key-limits-service.js';
import { withServices } from '../with-services.js';
import { addSettingOptions, redisSettings, storeSettings } from '../settings-options.js';
import { printTable } from '../print-table.js';
import { positiveInteger } from '../option-parsers.js';

interface QuotaFlags {
  perMinute?: number;
  perDay?: number;
}

/** Enterprise keys need both quotas; the other plans take their plan's. `enterprise` names it in messages. */
function checkQuotaFlags(plan: PlanName, { perMinute, perDay }: QuotaFlags, enterprise: string): void {
  if (plan !== 'enterprise' && (perMinute || perDay)) {
    throw new Error(`--per-minute and --per-day apply only to ${enterprise}`);
  }
  if (plan === 'enterprise' && (!perMinute || !perDay)) {
    throw new Error(`${enterprise} needs --per-minute and --per-day`);
  }
}

const quotaText = (k: ApiKeyInfo) =>
  `${k.quota.perMinute.toLocaleString('en')} per minute, ${k.quota.perDay.toLocaleString('en')} per day`;

function printStatus({ key, banned, usage }: KeyLimitsStatus, countersUnavailable?: string): void {
  console.log(`${key.id}  ${key.name}  (${key.revokedAt ? `revoked ${key.revokedAt}` : 'active'})`);
  console.log(`Plan:   ${key.plan}, ${quotaText(key)}`);
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
});

export function keysCommand(): Command {
  const keys = new Command('keys').description('Manage API keys');

  addSettingOptions(
    keys
      .command('create')
      .description('Issue a key; the secret is printed once and only its hash is stored')
      .addOption(new Option('--plan <plan>', 'Plan of the key').choices(planNames).makeOptionMandatory())
      .requiredOption('--name <name>', 'Who or what the key is for')
      .option('--per-minute <n>', 'Enterprise only: requests per minute', positiveInteger('--per-minute'))
      .option('--per-day <n>', 'Enterprise only: requests per day', positiveInteger('--per-day'))
      .option('--json', 'Print one JSON object'),
    storeSettings,
  ).action(
    async (
      options: { plan: PlanName; name: string; perMinute?: number; perDay?: number; json?: boolean },
      command: Command,
    ) => {
      checkQuotaFlags(options.plan, options, '--plan enterprise');
      const issued = await withServices(command, ({ apiKeys }) => apiKeys.create(options));
      if (options.json) {
        console.log(JSON.stringify(issued));
        return;
      }
      console.log(
        `Created ${issued.id} (${issued.plan}) for ${issued.name}. The key is shown only now:\n\n  ${issued.key}\n`,
      );
    },
  );

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
      .argument('<id>', 'Key id'),
    storeSettings,
  ).action(async (id: string, _options: unknown, command: Command) => {
    const revoked = await withServices(command, ({ apiKeys }) => apiKeys.revoke(id));
    console.log(`Revoked ${revoked.id} (${revoked.name}) at ${revoked.revokedAt}`);
  });

  addSettingOptions(
    keys
      .command('show')
      .description('Show a key: plan, quotas, usage in both windows and ban state')
      .argument('<id>', 'Key id')
      .option('--json', 'Print one JSON object'),
    [...storeSettings, ...redisSettings],
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
      .option('--per-day <n>', 'Enterprise only: requests per day', positiveInteger('--per-day')),
    storeSettings,
  ).action(async (id: string, plan: PlanName, options: QuotaFlags, command: Command) => {
    checkQuotaFlags(plan, options, 'the enterprise plan');
    const key = await withServices(command, ({ apiKeys }) => apiKeys.setPlan(id, plan, options));
    console.log(`${key.id} (${key.name}) is now on ${key.plan}: ${quotaText(key)}`);
  });

  addSettingOptions(
    keys
      .command('unban')
      .description("Lift a key's ban and forget its past offences")
      .argument('<id>', 'Key id'),
    [...storeSettings, ...redisSettings],
  ).action(async (id: string, _options: unknown, command: Command) => {
    const { key, wasBanned } = await withServices(command, ({ keyLimits }) => keyLimits.unban(id), {
      limits: true,
    });
    console.log(
      wasBanned
        ? `Unbanned ${key.id} (${key.name})`
        : `${key.id} (${key.name}) was not banned; offences forgotten`,
    );
  });

  return keys;
}
