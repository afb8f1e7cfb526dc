// What a pet is: its statuses and the limits on its fields.

export const petStatuses = ['available', 'pending', 'sold'] as const;
export type PetStatus = (typeof petStatuses)[number];

/** New pets are available for adoption unless the client says otherwise. */
export const defaultPetStatus: PetStatus = 'available';

export const defaultPageSize = 20;
export const maxPageSize = 100;

export const nameLimits = { minLength: 1, maxLength: 100 } as const;

/**
 * The largest integer every JSON client can hold exactly: int64 ids and categoryIds are capped here
 * (see docs/decisions.md, "int64 in JSON").
 */
export const maxSafeId = Number.MAX_SAFE_INTEGER;

export interface NewPet {
  name: string;
  categoryId: number;
  status?: PetStatus;
}

export interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status: PetStatus;
}
