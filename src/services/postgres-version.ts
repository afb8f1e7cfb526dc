// PostgreSQL alone: the versions are the `data_version` and `key_version` sequences of the deployment's
// schema. A value read under version v is kept under v: a write acknowledged before the read began had
// advanced v already, so it is in the value; one that commits later advances v for later requests.
import { advanceVersion, readVersions } from '../store/repositories/data-version-repository.js';
import type { Store } from '../store/store.js';
import type { DataVersion } from './data-version.js';
import { sharedVersion } from './shared-version.js';

export const postgresVersion = (store: Pick<Store, 'db'>): DataVersion =>
  sharedVersion({
    read: () => readVersions(store.db),
    advance: (topic) => advanceVersion(store.db, topic),
    // Nothing to check before a write: if PostgreSQL is down, so is the write.
    assertReachable: () => {},
    unannounced:
      'the change was saved but the data version, which tells the other instances, could not be advanced; check before retrying',
    close: async () => {},
  });
