// Who made each change (`actor`, JSON; null for the events recorded before it was kept), and the animal each
// event is about (`pet_id`), so that an animal's page reads its own recent changes through an index rather
// than the whole feed. The animal of the events already recorded is read from their data.
import { sql, type Kysely, type Migration } from 'kysely';
import { petIdOfEvent } from '../../domain/events.js';

const batch = 500;

export const eventActor: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('events').addColumn('actor', 'text').execute();
    await db.schema.alterTable('events').addColumn('pet_id', 'integer').execute();
    const events = db as unknown as Kysely<{
      events: { id: number; type: string; data: string; pet_id: number | null };
    }>;
    for (let after = 0; ;) {
      const rows = await events
        .selectFrom('events')
        .select(['id', 'type', 'data'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(batch)
        .execute();
      if (rows.length === 0) break;
      // One update per animal of the batch, rather than one per event.
      const idsByPet = new Map<number, number[]>();
      for (const row of rows) {
        const petId = petIdOfEvent(row.type, JSON.parse(row.data) as object);
        if (petId !== null) idsByPet.set(petId, [...(idsByPet.get(petId) ?? []), row.id]);
      }
      for (const [petId, ids] of idsByPet)
        await events.updateTable('events').set({ pet_id: petId }).where('id', 'in', ids).execute();
      after = rows.at(-1)!.id;
    }
    await db.schema
      .createIndex('events_pet_id')
      .on('events')
      .columns(['pet_id', 'id'])
      .where(sql.ref('pet_id'), 'is not', null)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('events_pet_id').execute();
    await db.schema.alterTable('events').dropColumn('pet_id').execute();
    await db.schema.alterTable('events').dropColumn('actor').execute();
  },
};
