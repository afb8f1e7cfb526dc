// HTTP calls several suites share: read a paged listing to its end (Link rel="next"), create pets, find the
// pets a test made in a category of its own.
import assert from 'node:assert/strict';
import type { NewPet, Pet, PetstoreClient } from '@petstore/client';
import type { TestApp } from './test-app.js';

/** What the pet calls need of an app: a way to send a request, and the headers of a key that may write. */
export type Caller = Pick<TestApp, 'request' | 'auth'>;

export async function followNext<T>(t: TestApp, url: string, headers: Record<string, string>): Promise<T[]> {
  const items: T[] = [];
  let next: string | undefined = url;
  for (let pages = 0; next; pages++) {
    assert.ok(pages < 1000, 'paging does not end');
    const res = await t.request({ url: next, headers });
    assert.equal(res.statusCode, 200, res.body);
    items.push(...(res.json() as T[]));
    const link = res.headers.link as string | undefined;
    next = link ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] : undefined;
  }
  return items;
}

/**
 * Creates a pet through POST /v1/pets with the app's all-scope key, and fails the test unless it is created.
 * Unless `fields` say otherwise it is an available Rex of category 1. Returns the created pet.
 */
export async function addPet(t: Caller, fields: Partial<NewPet> = {}): Promise<Pet> {
  const res = await t.request({
    method: 'POST',
    url: '/v1/pets',
    headers: t.auth,
    payload: { name: 'Rex', categoryId: 1, ...fields },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as Pet;
}

/** Creates a pet as `addPet` does; returns its id. */
export async function newPet(t: Caller, fields: Partial<NewPet> = {}): Promise<number> {
  return (await addPet(t, fields)).id;
}

/** The pets of a category, by name, through the SDK: a test keeps its pets apart in a category of its own. */
export async function petsOfCategory(client: PetstoreClient, categoryId: number): Promise<Map<string, Pet>> {
  const pets = new Map<string, Pet>();
  for await (const pet of client.listAllPets()) if (pet.categoryId === categoryId) pets.set(pet.name, pet);
  return pets;
}
