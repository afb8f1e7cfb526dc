// The personal fields of an application in their one stored shape (every field present, null where not
// given), and what erasure leaves of them: a coarse location, and nothing that names or reaches a person.
import type { Answer } from './application-form.js';
import { addressFieldNames, type ApplicationDetails, type NewApplication } from './application-schema.js';

const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

/** The submission's personal fields, every one present; `answers` are those checked against the form. */
export function detailsOf(submitted: NewApplication, answers: Record<string, Answer>): ApplicationDetails {
  const { applicant, household, home, vet, consent } = submitted;
  const address = applicant.address;
  return {
    applicant: {
      name: applicant.name,
      email: applicant.email,
      phone: orNull(applicant.phone),
      address: address
        ? (Object.fromEntries(addressFieldNames.map((f) => [f, orNull(address[f])])) as NonNullable<
            ApplicationDetails['applicant']['address']
          >)
        : null,
    },
    household: {
      adults: household.adults,
      children: household.children,
      childrenAges: orNull(household.childrenAges),
      allergies: orNull(household.allergies),
      allAgree: orNull(household.allAgree),
    },
    home: {
      type: home.type,
      ownership: home.ownership,
      landlordAllowsPets: orNull(home.landlordAllowsPets),
      yard: orNull(home.yard),
    },
    otherPets: (submitted.otherPets ?? []).map((pet) => ({
      species: pet.species,
      count: pet.count,
      spayedNeutered: orNull(pet.spayedNeutered),
      vaccinated: orNull(pet.vaccinated),
    })),
    experience: orNull(submitted.experience),
    hoursAlone: orNull(submitted.hoursAlone),
    vet: vet ? { name: orNull(vet.name), phone: orNull(vet.phone) } : null,
    answers,
    consent: {
      dataProcessing: consent.dataProcessing,
      contactByEmail: orNull(consent.contactByEmail),
      contactByPhone: orNull(consent.contactByPhone),
    },
  };
}

export const erasedName = 'Erased';

/**
 * The details once erased: the name is "Erased", the address keeps only its country and region, and every
 * other personal field is null (or empty). The consent record stays: it is what the processing rested on.
 */
export function erasedDetails({ applicant, consent }: ApplicationDetails): ApplicationDetails {
  const address = applicant.address;
  return {
    applicant: {
      name: erasedName,
      email: null,
      phone: null,
      address:
        address && (address.country !== null || address.region !== null)
          ? (Object.fromEntries(
              addressFieldNames.map((f) => [f, f === 'country' || f === 'region' ? address[f] : null]),
            ) as NonNullable<ApplicationDetails['applicant']['address']>)
          : null,
    },
    household: { adults: null, children: null, childrenAges: null, allergies: null, allAgree: null },
    home: { type: null, ownership: null, landlordAllowsPets: null, yard: null },
    otherPets: [],
    experience: null,
    hoursAlone: null,
    vet: null,
    answers: {},
    consent,
  };
}

/** An email as compared: case-insensitively. */
export const emailKey = (email: string): string => email.trim().toLowerCase();
