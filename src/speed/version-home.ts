// Where a PostgreSQL deployment's instances keep the versions their caches are valid under: in Redis under a
// prefix, or in PostgreSQL's own sequences (versions.ts). Each `serve` records its own as it starts. A
// command run with other settings (no REDIS_URL, another prefix) would advance versions that no server reads,
// and a key it revoked would go on being accepted from their caches: its changes are refused instead, before
// anything is changed (docs/deployment.md).
import type { Config } from '../config.js';
import { redisPrefixOf } from '../limits/index.js';
import { readSettingIfAny, writeSetting } from '../store/repositories/settings-repository.js';
import type { Store } from '../store/store.js';
import type { DataVersion } from './versions.js';

const setting = 'version_home';
const redisHome = 'redis:';

type HomeConfig = Pick<Config, 'redisUrl' | 'redisPrefix' | 'env'>;

/** The Redis key of each topic's version, e.g. `petstore:production:data-version:<schema>`. */
export const redisVersionKeys = (config: HomeConfig, { schema }: Pick<Store, 'schema'>) => ({
  data: `${redisPrefixOf(config)}:data-version:${schema ?? ''}`,
  keys: `${redisPrefixOf(config)}:key-version:${schema ?? ''}`,
});

/**
 * This process's home for the versions; undefined where the store's change token serves every process
 * (SQLite), so that there is no home to agree on.
 */
const versionHomeOf = (config: HomeConfig, store: Pick<Store, 'versionSequences'>): string | undefined =>
  !store.versionSequences ? undefined : config.redisUrl ? `${redisHome}${redisPrefixOf(config)}` : 'postgres';

const described = (home: string): string =>
  home.startsWith(redisHome)
    ? `Redis, under the prefix ${home.slice(redisHome.length)}`
    : 'PostgreSQL (no REDIS_URL)';

/**
 * Records the home of a starting server. Returns, described, the one the last instance to start had recorded
 * when it was another: instances of one deployment must share it, or writes on one go unseen by the others.
 */
export async function recordVersionHome(config: HomeConfig, store: Store): Promise<string | undefined> {
  const home = versionHomeOf(config, store);
  if (!home) return undefined;
  const before = await readSettingIfAny(store.db, setting);
  if (before !== home) await writeSetting(store.db, setting, home);
  return before !== undefined && before !== home ? described(before) : undefined;
}

/** `version`, whose writes first make sure the servers keep their versions where this process does. */
export function checkingVersionHome(version: DataVersion, config: HomeConfig, store: Store): DataVersion {
  const own = versionHomeOf(config, store);
  if (!own) return version;
  let checked: Promise<void> | undefined;
  const check = async () => {
    const servers = await readSettingIfAny(store.db, setting);
    // No server has started since this was recorded: none holds a cache to keep exact.
    if (servers === undefined || servers === own) return;
    throw new Error(
      `this deployment's servers keep their cache versions in ${described(servers)}, and this command in ` +
        `${described(own)}: the servers would not see the change (a revoked key would still be accepted). ` +
        'Run it with the REDIS_URL and PETSTORE_REDIS_PREFIX the servers have. Nothing was changed',
    );
  };
  return {
    ...version,
    async write(topic, work) {
      await (checked ??= check());
      return version.write(topic, work);
    },
  };
}
