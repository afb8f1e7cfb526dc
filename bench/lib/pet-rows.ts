// The benchmark's pets: a deterministic mix of 60% available, 25% pending and 15% sold, spread evenly by id
// so that every page of a filtered listing is as dense as any other.
import type { PetStatus } from '../../src/domain/pet.js';

export interface SeedPet {
  id: number;
  name: string;
  categoryId: number;
  status: PetStatus;
}

const names = ['Rex', 'Bella', 'Milo', 'Luna', 'Max', 'Daisy', 'Oscar', 'Coco', 'Charlie', 'Nala'];

/** Status of the pet with this id: 12 in 20 available, 5 pending, 3 sold. */
export function statusOf(id: number): PetStatus {
  const slot = id % 20;
  return slot < 12 ? 'available' : slot < 17 ? 'pending' : 'sold';
}

export const seedPet = (id: number): SeedPet => ({
  id,
  name: `${names[id % names.length]} ${id}`,
  categoryId: 1 + (id % 12),
  status: statusOf(id),
});
