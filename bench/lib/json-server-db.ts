// The json-server peer's data file: the same pets as the seeded databases, as one JSON document.
import { writeFileSync } from 'node:fs';
import { seedPet } from './pet-rows.js';

export function writeJsonServerDb(file: string, count: number): void {
  const pets = Array.from({ length: count }, (_, i) => seedPet(i + 1));
  writeFileSync(file, JSON.stringify({ pets }));
}
