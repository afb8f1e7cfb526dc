// `petstore serve`: the API itself.
import { Command } from 'commander';
import { settings, type SettingName } from '../../config.js';
import { addSettingOptions, configFrom } from '../settings-options.js';

export const serveCommand = (): Command =>
  addSettingOptions(
    new Command('serve').description('Serve the API'),
    Object.keys(settings) as SettingName[],
  ).action(async (_options: unknown, command: Command) => {
    // Loaded here only: the other commands never load Fastify and its plugins.
    const { startServer } = await import('../../server.js');
    await startServer(configFrom(command));
  });
