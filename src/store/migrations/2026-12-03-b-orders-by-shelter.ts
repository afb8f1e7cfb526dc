// Orders the shelter places itself: approving an application in the console places its order with no key
// behind it (the event's actor names the staff member). Such an order belongs to no key, so only keys that
// manage every order reach it through the API. Down is refused while any such order exists.
import type { Kysely, Migration } from 'kysely';
import { setColumnNullable } from '../dialects/column-nullability.js';
import type { DialectName } from '../store.js';

export const ordersByShelter = (dialect: DialectName): Migration => ({
  async up(db: Kysely<unknown>) {
    await setColumnNullable(db, dialect, 'orders', 'api_key_id', true);
  },

  async down(db: Kysely<unknown>) {
    await setColumnNullable(db, dialect, 'orders', 'api_key_id', false);
  },
});
