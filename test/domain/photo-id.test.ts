import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPhotoId, newPhotoId } from '../../src/domain/photo.js';

test('a new photo id is 22 characters of base64url, begins with a letter, and is never repeated', () => {
  // A leading "-" would turn the id into an option on a command line. With one chance in 64 per id, 4,096 ids
  // would hold one almost surely if the rule were broken.
  const ids = Array.from({ length: 4096 }, newPhotoId);
  for (const id of ids) {
    assert.ok(isPhotoId(id), id);
    assert.match(id, /^[A-Za-z]/);
  }
  assert.equal(new Set(ids).size, ids.length);
});
