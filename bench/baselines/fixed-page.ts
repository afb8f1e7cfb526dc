// The page every static baseline returns: the same 20 available pets the service's first page holds.
import { seedPet, type SeedPet } from '../lib/pet-rows.js';

export const fixedPage: SeedPet[] = Array.from({ length: 200 }, (_, i) => seedPet(i + 1))
  .filter((pet) => pet.status === 'available')
  .slice(0, 20);
