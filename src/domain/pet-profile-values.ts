// The closed sets of a pet's profile, apart from its schemas: the CLI and the listing filters read them
// without loading TypeBox. The groups follow Petfinder's, which adopters and partner sites already know.
export const petSexes = ['female', 'male', 'unknown'] as const;
export const petAges = ['baby', 'young', 'adult', 'senior'] as const;
export const petSizes = ['small', 'medium', 'large', 'xlarge'] as const;
export const petCoats = ['hairless', 'short', 'medium', 'long', 'wire', 'curly'] as const;

/** Facts about the animal's care, each true, false or unknown (null). */
export const petAttributeNames = ['spayedNeutered', 'houseTrained', 'vaccinated', 'specialNeeds'] as const;
/** Whom the animal gets on with, each true, false or unknown (null). */
export const petGoodWithNames = ['children', 'dogs', 'cats'] as const;

export type PetSex = (typeof petSexes)[number];
export type PetAge = (typeof petAges)[number];
export type PetSize = (typeof petSizes)[number];
export type PetCoat = (typeof petCoats)[number];

export const maxTags = 10;
export const tagLimits = { minLength: 1, maxLength: 30 } as const;
export const breedLimits = { minLength: 1, maxLength: 100 } as const;
export const colorLimits = { minLength: 1, maxLength: 50 } as const;
export const descriptionMaxLength = 10_000;
/** The earliest birth date taken: older is a typing error, not an animal. */
export const earliestBirthDate = '1900-01-01';
