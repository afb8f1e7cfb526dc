// The page every static baseline returns: the same 20 available pets, full profiles and all, that the
// service's first page holds.
import type { Pet } from '../../src/domain/pet.js';
import { seedPet } from '../lib/pet-rows.js';

export const fixedPage: Pet[] = Array.from({ length: 200 }, (_, i) => seedPet(i + 1))
  .filter((pet) => pet.status === 'available')
  .slice(0, 20);
