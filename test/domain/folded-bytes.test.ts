// The bound on what one character folds to, which bounds a pet cursor's sort key (routes/pets/list-query.ts):
// checked against every character a name may hold, so that a new Unicode version cannot outgrow it unseen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { foldText, maxFoldedBytesPerCharacter } from '../../src/domain/search-words.js';

test('no character folds to more UTF-8 bytes, quoted in JSON, than maxFoldedBytesPerCharacter', () => {
  let most = 0;
  let where = 0;
  for (let code = 0; code <= 0x10ffff; code++) {
    // Lone surrogates and control characters are refused in a name before it is folded.
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const character = String.fromCodePoint(code);
    if (/\p{Cc}/u.test(character)) continue;
    const bytes = Buffer.byteLength(JSON.stringify(foldText(character))) - 2;
    if (bytes > most) [most, where] = [bytes, code];
  }
  assert.equal(most, maxFoldedBytesPerCharacter, `U+${where.toString(16).toUpperCase()}`);
});
