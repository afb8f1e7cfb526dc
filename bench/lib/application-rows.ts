// The benchmark's adoption applications: a complete one, every optional field filled in and every starter
// question answered, as a shelter's online form sends it. The submission row and the seeded listing send the
// same record, so a listed page holds what a submission writes; only the applicant's email and the animal
// change, since an applicant has at most one open application per animal.
import type { NewApplication } from '../../src/domain/application-schema.js';

/** The full application of the applicant at `email` for pet `petId` (null: for no one animal). */
export const applicationOf = (email: string, petId: number | null): NewApplication => ({
  petId,
  applicant: {
    name: 'Ada Lovelace',
    email,
    phone: '+44 20 7946 0018',
    address: {
      line1: '12 Mill Lane',
      line2: 'Flat 3',
      city: 'Stonebridge',
      region: 'Kent',
      postalCode: 'TN1 2AB',
      country: 'GB',
    },
  },
  household: { adults: 2, children: 2, childrenAges: [6, 9], allergies: false, allAgree: true },
  home: { type: 'house', ownership: 'rent', landlordAllowsPets: true, yard: 'fenced' },
  otherPets: [{ species: 'cat', count: 1, spayedNeutered: true, vaccinated: true }],
  experience: 'Grew up with dogs, and fostered two rescue cats for the shelter last year.',
  hoursAlone: 4,
  vet: { name: 'Stonebridge Veterinary Practice', phone: '+44 20 7946 0999' },
  // The starter questions' ids (src/store/application-form/starter-questions.json).
  answers: {
    'why-adopt': 'Our children are old enough to help, and we have a garden with a fence all round.',
    'had-pet-before': true,
    'day-to-day-carer': 'Both of us: one works from home three days a week.',
  },
  consent: { dataProcessing: true, contactByEmail: true, contactByPhone: false },
});
