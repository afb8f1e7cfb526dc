// Turns the settings table into command-line options, and the flags given back into a validated config.
import { Option, type Command } from 'commander';
import { loadConfig, settings, type Config, type SettingName } from '../config.js';

/** Settings every command takes: where the data is and which deployment it belongs to. */
export const storeSettings: SettingName[] = [
  'dataDir',
  'databaseUrl',
  'databaseSchema',
  'databasePoolSize',
  'statementTimeoutMs',
  'sqliteSynchronous',
  'env',
  'logLevel',
];

/** Where Redis is: the rate-limit counters, and on PostgreSQL the data version the servers' caches are valid under. */
const redisSettings: SettingName[] = ['redisUrl', 'redisPrefix', 'redisTimeoutMs'];

/**
 * Settings of the commands that change what serving instances cache (API keys) or read rate-limit counters:
 * the store's and Redis's. On PostgreSQL a write moves the data version in Redis, without which the servers
 * would keep answering from their caches as if it had not happened (docs/decisions.md, "Caching reads").
 */
export const storeAndRedisSettings: SettingName[] = [...storeSettings, ...redisSettings];

export function addSettingOptions(command: Command, names: SettingName[]): Command {
  for (const name of names) {
    const s = settings[name];
    const fallback = (s.schema as { default?: unknown }).default;
    const shown = fallback === '' || fallback === undefined ? '' : `, default ${String(fallback)}`;
    // Boolean settings are turned off by a `--no-…` flag, which takes no value.
    const negative = s.flag.startsWith('--no-');
    const flag = negative ? s.flag : `${s.flag} <value>`;
    const help = (negative && 'flagHelp' in s && s.flagHelp) || s.description;
    command.addOption(new Option(flag, `${help} [${s.env}${shown}]`));
  }
  return command;
}

/** Config from the environment, overridden by the flags given on the command line. */
export function configFrom(command: Command, env: NodeJS.ProcessEnv = process.env): Config {
  const options = command.opts();
  const overrides: Partial<Record<SettingName, unknown>> = {};
  for (const name of Object.keys(settings) as SettingName[]) {
    if (command.getOptionValueSource(name) === 'cli') overrides[name] = options[name];
  }
  return loadConfig(env, overrides);
}
