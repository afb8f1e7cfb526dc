// The digests the database keeps must not change between versions: a key's hash is how it is found, and a
// stored fingerprint is compared with a retried request's. Pinned against values computed independently.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hashApiKey } from '../../src/domain/api-key-format.js';
import { requestFingerprint } from '../../src/domain/idempotency.js';

test('a key is stored as the hex SHA-256 of its text', () => {
  assert.equal(
    hashApiKey('pet_test_abc'),
    'b129e74e0103fd26f284a40adb6c14cfa7c2734df5ac42867a7ca774c1808625',
  );
});

test('a fingerprint is the hex SHA-256 of the operation and the values as UTF-8 JSON', () => {
  assert.equal(
    requestFingerprint('createPet', ['Zoë 🐶', 1, 'available']),
    'afbc86bb648bfd31a12604091306c7f964dbbf3be759006c2efe120b2079a39b',
  );
});
