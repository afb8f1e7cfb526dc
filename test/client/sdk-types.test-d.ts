// Type tests of the SDK: what a user's compiler refuses before any request is sent. This file is never run;
// `tsc --noEmit` in `npm run lint` (and so CI) checks it: an expectation that does not hold is a type error,
// and so is a `@ts-expect-error` line that the compiler no longer refuses.
import { expectTypeOf } from 'expect-type';
import type {
  Application,
  ApplicationReceipt,
  Breed,
  Category,
  EventTypeFilter,
  ListApplicationsOptions,
  ListPetsOptions,
  NewApplication,
  NewPet,
  Page,
  Pet,
  PetPatch,
  PetSort,
  PetstoreClient,
  PetSync,
  PetWithEtag,
  Photo,
  PhotoData,
  SyncPetsOptions,
  UpdatePetOptions,
  UploadPhotoOptions,
} from '@petstore/client';
import type { Readable } from 'node:stream';

// createPet takes a NewPet, whose categoryId is a number: a string is refused.
expectTypeOf<PetstoreClient['createPet']>().parameter(0).toEqualTypeOf<NewPet>();
expectTypeOf<NewPet['categoryId']>().toEqualTypeOf<number>();
expectTypeOf({ name: 'Rex', categoryId: 1 }).toExtend<NewPet>();
// @ts-expect-error categoryId is a number
expectTypeOf({ name: 'Rex', categoryId: '1' }).toExtend<NewPet>();
// @ts-expect-error a pet has a name
expectTypeOf({ categoryId: 1 }).toExtend<NewPet>();
expectTypeOf<ReturnType<PetstoreClient['createPet']>>().resolves.toEqualTypeOf<Pet>();
// The profile is optional on create; its closed sets are refused outside them.
expectTypeOf({
  name: 'Rex',
  categoryId: 1,
  sex: 'male',
  goodWith: { cats: true },
} as const).toExtend<NewPet>();
// @ts-expect-error sex is female, male or unknown
expectTypeOf({ name: 'Rex', categoryId: 1, sex: 'm' } as const).toExtend<NewPet>();

// updatePet takes a merge patch: any field may be left out, a profile field may be null (cleared), and the
// flags merge one by one; the seed's name and categoryId cannot be cleared, nor the service's fields set.
expectTypeOf<PetstoreClient['updatePet']>().parameter(1).toEqualTypeOf<PetPatch>();
expectTypeOf({}).toExtend<PetPatch>();
expectTypeOf({ goodWith: { cats: true }, description: null, tags: null }).toExtend<PetPatch>();
// @ts-expect-error every pet has a name
expectTypeOf({ name: null }).toExtend<PetPatch>();
// @ts-expect-error the service sets updatedAt
expectTypeOf({ updatedAt: '2026-01-01T00:00:00Z' }).toExtend<PetPatch>();
// @ts-expect-error size is small, medium, large or xlarge
expectTypeOf({ size: 'huge' } as const).toExtend<PetPatch>();
expectTypeOf<PetstoreClient['updatePet']>().parameter(2).toEqualTypeOf<UpdatePetOptions | undefined>();
expectTypeOf<UpdatePetOptions['ifMatch']>().toEqualTypeOf<string | undefined>();
expectTypeOf<ReturnType<PetstoreClient['updatePet']>>().resolves.toEqualTypeOf<Pet>();
// The calls with an ETag give it beside the pet, as a string to send back as ifMatch.
expectTypeOf<ReturnType<PetstoreClient['updatePetWithEtag']>>().resolves.toEqualTypeOf<PetWithEtag>();
expectTypeOf<ReturnType<PetstoreClient['getPetWithEtag']>>().resolves.toEqualTypeOf<PetWithEtag>();
expectTypeOf<PetWithEtag>().toEqualTypeOf<{ pet: Pet; etag: string }>();
expectTypeOf<ReturnType<PetstoreClient['removePet']>>().resolves.toEqualTypeOf<void>();

// listPets takes every filter of the listing, each typed: ids as numbers, values of the profile's sets, the
// names of the flags, a Date or a string for a time; one value or a list of them; and one of the sorts.
expectTypeOf<PetstoreClient['listPets']>().parameter(0).toEqualTypeOf<ListPetsOptions | undefined>();
expectTypeOf<PetstoreClient['listPetsPage']>().parameter(0).toEqualTypeOf<ListPetsOptions | undefined>();
expectTypeOf<PetstoreClient['listAllPets']>().parameter(0).toEqualTypeOf<ListPetsOptions | undefined>();
expectTypeOf({
  status: 'available',
  categoryId: [1, 2],
  breed: ['Beagle', 'Tabby'],
  sex: 'female',
  age: ['baby', 'young'],
  size: ['small', 'medium'],
  coat: 'short',
  goodWith: ['cats', 'dogs'],
  attributes: ['vaccinated'],
  tag: 'calm',
  q: 'tabby',
  updatedSince: new Date(),
  sort: '-createdAt',
  limit: 10,
  cursor: 'Mi4…',
} as const).toExtend<ListPetsOptions>();
expectTypeOf({ categoryId: 1, updatedSince: '2026-11-01T00:00:00Z' }).toExtend<ListPetsOptions>();
expectTypeOf<ListPetsOptions['categoryId']>().toEqualTypeOf<number | readonly number[] | undefined>();
expectTypeOf<ListPetsOptions['updatedSince']>().toEqualTypeOf<Date | string | undefined>();
expectTypeOf<PetSort>().toEqualTypeOf<'id' | 'updatedAt' | '-updatedAt' | '-createdAt' | 'name'>();
// @ts-expect-error categoryId is a number
expectTypeOf({ categoryId: '1' }).toExtend<ListPetsOptions>();
// @ts-expect-error size is small, medium, large or xlarge
expectTypeOf({ size: ['small', 'huge'] } as const).toExtend<ListPetsOptions>();
// @ts-expect-error sex is female, male or unknown
expectTypeOf({ sex: 'f' } as const).toExtend<ListPetsOptions>();
// @ts-expect-error goodWith names children, dogs or cats
expectTypeOf({ goodWith: ['horses'] } as const).toExtend<ListPetsOptions>();
// @ts-expect-error goodWith names whom, without a value: the listing asks for true
expectTypeOf({ goodWith: { cats: true } } as const).toExtend<ListPetsOptions>();
// @ts-expect-error attributes names spayedNeutered, houseTrained, vaccinated or specialNeeds
expectTypeOf({ attributes: ['neutered'] } as const).toExtend<ListPetsOptions>();
// @ts-expect-error the sorts are id, updatedAt, -updatedAt, -createdAt and name
expectTypeOf({ sort: 'createdAt' } as const).toExtend<ListPetsOptions>();
// @ts-expect-error updatedSince is a Date or an RFC 3339 string
expectTypeOf({ updatedSince: 1_700_000_000_000 }).toExtend<ListPetsOptions>();
// A page says where the next starts and, on the last page of a resumable listing, where to resume later.
expectTypeOf<ReturnType<PetstoreClient['listPetsPage']>>().resolves.toEqualTypeOf<Page<Pet>>();
expectTypeOf<Page<Pet>['resumeCursor']>().toEqualTypeOf<string | undefined>();
// syncPets takes the filters and a cursor, but no sort (a sync is by updatedAt), and gives the animals and
// the cursor to keep.
expectTypeOf<SyncPetsOptions>().not.toHaveProperty('sort');
expectTypeOf({ categoryId: [2], goodWith: ['dogs'], cursor: 'Mi4…' } as const).toExtend<SyncPetsOptions>();
expectTypeOf<ReturnType<PetstoreClient['syncPets']>>().toEqualTypeOf<PetSync>();
expectTypeOf<PetSync>().toExtend<AsyncIterable<Pet>>();
expectTypeOf<PetSync['cursor']>().toEqualTypeOf<string | undefined>();

// listEvents filters by one of the feed's types, or by every type of a resource: anything else is refused.
expectTypeOf<NonNullable<Parameters<PetstoreClient['listEvents']>[0]>>()
  .toHaveProperty('type')
  .toEqualTypeOf<EventTypeFilter | undefined>();
expectTypeOf<'pet.created'>().toExtend<EventTypeFilter>();
expectTypeOf<'order.*'>().toExtend<EventTypeFilter>();
// @ts-expect-error no event has this type
expectTypeOf<'pet.adopted'>().toExtend<EventTypeFilter>();
// @ts-expect-error a filter is a type or `resource.*`, not `*`
expectTypeOf<'*'>().toExtend<EventTypeFilter>();

// The catalogue: ids are numbers, names strings; each call answers the category or breed it made.
expectTypeOf<Category>().toEqualTypeOf<{ id: number; name: string }>();
expectTypeOf<PetstoreClient['createCategory']>().parameters.toEqualTypeOf<[name: string]>();
expectTypeOf<ReturnType<PetstoreClient['listCategories']>>().resolves.toEqualTypeOf<Category[]>();
expectTypeOf<ReturnType<PetstoreClient['listBreeds']>>().resolves.toEqualTypeOf<Breed[]>();
expectTypeOf<PetstoreClient['createBreed']>().parameter(0).toEqualTypeOf<number>();

// Photos: uploadPhoto takes a Blob, a Buffer or a stream, with one of the four image types; a Photo answers.
expectTypeOf<Blob>().toExtend<PhotoData>();
expectTypeOf<Buffer>().toExtend<PhotoData>();
expectTypeOf<Uint8Array>().toExtend<PhotoData>();
expectTypeOf<Readable>().toExtend<PhotoData>();
expectTypeOf<ReadableStream<Uint8Array>>().toExtend<PhotoData>();
// @ts-expect-error a file name is not the image
expectTypeOf<string>().toExtend<PhotoData>();
expectTypeOf({ contentType: 'image/webp' } as const).toExtend<UploadPhotoOptions>();
expectTypeOf({ contentType: 'image/png', idempotencyKey: 'photo-1' } as const).toExtend<UploadPhotoOptions>();
// @ts-expect-error SVG is not one of the four types
expectTypeOf({ contentType: 'image/svg+xml' } as const).toExtend<UploadPhotoOptions>();
// @ts-expect-error the type is needed: the service checks the bytes against it
expectTypeOf({}).toExtend<UploadPhotoOptions>();
expectTypeOf<PetstoreClient['uploadPhoto']>().parameter(0).toEqualTypeOf<number>();
expectTypeOf<ReturnType<PetstoreClient['uploadPhoto']>>().resolves.toEqualTypeOf<Photo>();
expectTypeOf<Photo['urls']>().toEqualTypeOf<{ small: string; medium: string; large: string; full: string }>();
expectTypeOf<Pet['photos']>().toEqualTypeOf<Photo[]>();
expectTypeOf<PetstoreClient['movePhoto']>().parameters.toEqualTypeOf<
  [petId: number, photoId: string, position: number]
>();
expectTypeOf<ReturnType<PetstoreClient['movePhoto']>>().resolves.toEqualTypeOf<Photo>();
expectTypeOf<PetstoreClient['deletePhoto']>().parameters.toEqualTypeOf<[petId: number, photoId: string]>();
expectTypeOf<ReturnType<PetstoreClient['deletePhoto']>>().resolves.toEqualTypeOf<void>();

// Applications: the calls merged into the client from application-calls.ts keep their types there.
expectTypeOf<PetstoreClient['submitApplication']>().parameter(0).toEqualTypeOf<NewApplication>();
expectTypeOf<ReturnType<PetstoreClient['submitApplication']>>().resolves.toEqualTypeOf<
  Application | ApplicationReceipt
>();
const submission = {
  applicant: { name: 'Ada', email: 'ada@example.org' },
  household: { adults: 1, children: 0 },
  home: { type: 'house', ownership: 'own' },
  consent: { dataProcessing: true },
} as const;
expectTypeOf(submission).toExtend<NewApplication>();
// @ts-expect-error consent to the processing must be given
expectTypeOf({ ...submission, consent: { dataProcessing: false } } as const).toExtend<NewApplication>();
expectTypeOf<ReturnType<PetstoreClient['listApplicationsPage']>>().resolves.toEqualTypeOf<
  Page<Application>
>();
expectTypeOf({ status: 'in_review', sort: 'createdAt' } as const).toExtend<ListApplicationsOptions>();
// @ts-expect-error an application is never `pending`: that is an animal's status
expectTypeOf({ status: 'pending' } as const).toExtend<ListApplicationsOptions>();
expectTypeOf<PetstoreClient['declineApplication']>().parameters.toEqualTypeOf<[id: string, reason: string]>();
expectTypeOf<ReturnType<PetstoreClient['eraseApplicant']>>().resolves.toEqualTypeOf<{ erased: number }>();
