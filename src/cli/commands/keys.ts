// `petstore keys ...`: issue, list and revoke API keys, straight against the store (no HTTP).
import { Command, Option } from 'commander';
import { planNames, type PlanName } from '../../domain/plans.js';
import type { ApiKeyInfo } from '../../services/api-keys-service.js';
import { withServices } from '../with-services.js';
import { addSettingOptions, storeSettings } from '../settings-options.js';
import { printTable } from '../print-table.js';
import { positiveInteger } from '../option-parsers.js';

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
      if (options.plan !== 'enterprise' && (options.perMinute || options.perDay)) {
        throw new Error('--per-minute and --per-day apply only to --plan enterprise');
      }
      if (options.plan === 'enterprise' && (!options.perMinute || !options.perDay)) {
        throw new Error('--plan enterprise needs --per-minute and --per-day');
      }
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

  return keys;
}
