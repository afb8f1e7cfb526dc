// PostgreSQL alone: the versions are the sequences of the deployment's schema (Store.versionSequences). A
// value read under version v is kept under v: a write acknowledged before the read began had advanced v
// already, so it is in the value; one that commits later advances v for later requests.
import type { VersionSequences } from '../store/store.js';
import type { DataVersion } from './versions.js';
import { sharedVersion } from './shared-version.js';

export const postgresVersion = (sequences: VersionSequences): DataVersion =>
  sharedVersion({
    read: sequences.read,
    advance: sequences.advance,
    // Nothing to check before a write: if PostgreSQL is down, so is the write.
    assertReachable: () => {},
    unannounced:
      'the change was saved but the data version, which tells the other instances, could not be advanced; check before retrying',
    close: async () => {},
  });
