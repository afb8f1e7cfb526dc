// How catalogue names compare, and which names of a list a refusal suggests: pure rules, without I/O.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { caseKey } from '../../src/domain/case-key.js';
import { byCatalogName } from '../../src/domain/catalog-name.js';
import { closeMatches } from '../../src/domain/close-matches.js';

test('one key for a name in any case or composition, another for a different name', () => {
  const same = [
    ['Labrador Retriever', 'LABRADOR retriever'],
    ['Großer Münsterländer', 'GROSSER MÜNSTERLÄNDER'],
    ['Ὀδυσσεύς', 'ὈΔΥΣΣΕΎΣ'],
    ['Caf\u00e9', 'CAFE\u0301'],
    ['Großspitz', 'GROSSSPITZ'],
    ['Großspitz', 'GROẞSPITZ'],
    ['GROẞSPITZ', 'grossspitz'],
    ['ΟΔΟΣ', 'οδος'],
    ['οδοσ', 'Οδος'],
  ];
  for (const [a, b] of same) assert.equal(caseKey(a!), caseKey(b!), `${a} ~ ${b}`);
  assert.notEqual(caseKey('Café'), caseKey('Cafe'), 'an accent makes another name');
});

test('a list in name order: case and accents after the letters, numbers by value, then id', () => {
  const names = ['beagle', 'Zwergspitz', 'Élan', 'Akita', 'Breed 10', 'Breed 2', 'BEAGLE'];
  const sorted = names.map((name, i) => ({ id: i + 1, name })).sort(byCatalogName);
  assert.deepEqual(
    sorted.map(({ name }) => name),
    ['Akita', 'beagle', 'BEAGLE', 'Breed 2', 'Breed 10', 'Élan', 'Zwergspitz'],
  );
});

test('close matches: typos, a word, a beginning; closest first, at most three, none when far', () => {
  const dogs = [
    'Airedale Terrier',
    'Fox Terrier',
    'German Shepherd Dog',
    'Golden Retriever',
    'Labradoodle',
    'Labrador Retriever',
    'Rat Terrier',
    'Terrier',
  ];
  assert.deepEqual(closeMatches('Labrdor', dogs), ['Labrador Retriever', 'Labradoodle']);
  assert.deepEqual(closeMatches('german shepard', dogs), ['German Shepherd Dog']);
  assert.deepEqual(closeMatches('terier', dogs), ['Terrier', 'Fox Terrier', 'Rat Terrier']);
  assert.deepEqual(closeMatches('terier', dogs, 1), ['Terrier']);
  assert.deepEqual(closeMatches('Xyzzy', dogs), []);
});
