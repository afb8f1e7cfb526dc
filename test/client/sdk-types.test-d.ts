// Type tests of the SDK: what a user's compiler refuses before any request is sent. This file is never run;
// `tsc --noEmit` in `npm run lint` (and so CI) checks it: an expectation that does not hold is a type error,
// and so is a `@ts-expect-error` line that the compiler no longer refuses.
import { expectTypeOf } from 'expect-type';
import type { Breed, Category, EventTypeFilter, NewPet, Pet, PetstoreClient } from '@petstore/client';

// createPet takes a NewPet, whose categoryId is a number: a string is refused.
expectTypeOf<PetstoreClient['createPet']>().parameter(0).toEqualTypeOf<NewPet>();
expectTypeOf<NewPet['categoryId']>().toEqualTypeOf<number>();
expectTypeOf({ name: 'Rex', categoryId: 1 }).toExtend<NewPet>();
// @ts-expect-error categoryId is a number
expectTypeOf({ name: 'Rex', categoryId: '1' }).toExtend<NewPet>();
// @ts-expect-error a pet has a name
expectTypeOf({ categoryId: 1 }).toExtend<NewPet>();
expectTypeOf<ReturnType<PetstoreClient['createPet']>>().resolves.toEqualTypeOf<Pet>();

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
