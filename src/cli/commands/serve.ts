// `petstore serve`: the API itself.
import { Command } from 'commander';
import { settings, type SettingName } from '../../config.js';
import { addSettingOptions, configFrom } from '../settings-options.js';

export const serveCommand = (): Command =>
  addSettingOptions(
    new Command('serve').option(
      '--json',
      'Report a failure to start as one JSON object on stderr (the log is JSON lines already)',
    ),
    Object.keys(settings) as SettingName[],
  ).action(async (_options: unknown, command: Command) => {
    // Loaded here only: the other commands never load Fastify and its plugins.
    const { startServer } = await import('../../server.js');
    await startServer(configFrom(command));
  });
