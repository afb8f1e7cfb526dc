// A pet's statuses, apart from its schemas: the CLI reads them without loading TypeBox.
export const petStatuses = ['available', 'pending', 'sold'] as const;
export type PetStatus = (typeof petStatuses)[number];

/** New pets are available for adoption unless the client says otherwise. */
export const defaultPetStatus: PetStatus = 'available';
