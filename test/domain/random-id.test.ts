// Ids clients type: never one that a command line would read as an option.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPhotoId, newPhotoId } from '../../src/domain/photo.js';
import { newRandomId } from '../../src/domain/random-id.js';

test('a new photo or application id is 22 characters of base64url, begins with a letter, and is never repeated', () => {
  // A leading "-" would turn the id into an option on a command line. With one chance in 64 per id, 4,096 ids
  // would hold one almost surely if the rule were broken.
  for (const make of [newPhotoId, newRandomId]) {
    const ids = Array.from({ length: 4096 }, make);
    for (const id of ids) {
      assert.ok(isPhotoId(id), id);
      assert.match(id, /^[A-Za-z][A-Za-z0-9_-]{21}$/);
    }
    assert.equal(new Set(ids).size, ids.length);
  }
});
