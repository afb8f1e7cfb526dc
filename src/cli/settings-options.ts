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

/** Settings of the commands that read or reset rate-limit state kept in Redis. */
export const redisSettings: SettingName[] = ['redisUrl', 'redisPrefix', 'redisTimeoutMs'];

export function addSettingOptions(command: Command, names: SettingName[]): Command {
  for (const name of names) {
    const s = settings[name];
    const fallback = (s.schema as { default?: unknown }).default;
    const shown = fallback === '' || fallback === undefined ? '' : `, default ${String(fallback)}`;
    // Boolean settings are turned off by a `--no-…` flag, which takes no value.
    const flag = s.flag.startsWith('--no-') ? s.flag : `${s.flag} <value>`;
    command.addOption(new Option(flag, `${s.description} [${s.env}${shown}]`));
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
