// HTTP calls several suites share: read a paged listing to its end (Link rel="next"), create a pet.
import assert from 'node:assert/strict';
import type { TestApp } from './test-app.js';

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

/** Creates an available pet with the app's all-scope key; returns its id. */
export async function newPet(t: TestApp): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: '/v1/pets',
    headers: t.auth,
    payload: { name: 'Rex', categoryId: 1 },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().id as number;
}
