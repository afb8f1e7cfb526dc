// HTTP calls several suites share: read a paged listing to its end (Link rel="next"), page by page or item by
// item, create pets, find the pets a test made in a category of its own.
import assert from 'node:assert/strict';
import type { NewPet, Pet, PetstoreClient } from '@petstore/client';
import type { TestApp } from './test-app.js';

/** What the pet calls need of an app: a way to send a request, and the headers of a key that may write. */
export type Caller = Pick<TestApp, 'request' | 'auth'>;

/** One page of a listing as it was answered: its items, and the `Link` header it carried, if any. */
export interface ListedPage<T> {
  items: T[];
  link: string | undefined;
}

/** Reads a paged listing from `url` to its end, following `Link: rel="next"`; returns every page. */
export async function followPages<T>(
  t: Pick<TestApp, 'request'>,
  url: string,
  headers: Record<string, string>,
): Promise<ListedPage<T>[]> {
  const pages: ListedPage<T>[] = [];
  let next: string | undefined = url;
  while (next) {
    assert.ok(pages.length < 1000, 'paging does not end');
    const res = await t.request({ url: next, headers });
    assert.equal(res.statusCode, 200, res.body);
    const link = res.headers.link as string | undefined;
    pages.push({ items: res.json() as T[], link });
    next = link ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] : undefined;
  }
  return pages;
}

/** The items of every page of a listing, in order (see followPages). */
export async function followNext<T>(
  t: Pick<TestApp, 'request'>,
  url: string,
  headers: Record<string, string>,
): Promise<T[]> {
  return (await followPages<T>(t, url, headers)).flatMap((page) => page.items);
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
