// The contrast maths against WCAG 2.2's own definition and its well-known values: black and white are 21:1,
// #767676 is the lightest grey that passes AA on white (4.54:1), #777777 the darkest that fails (4.47:1).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contrastOnWhite, minimumContrast, relativeLuminance } from '../../src/domain/contrast.js';

test('relative luminance: black 0, white 1, and the channels weighed 0.2126, 0.7152, 0.0722', () => {
  assert.equal(relativeLuminance('#000000'), 0);
  assert.equal(relativeLuminance('#ffffff'), 1);
  assert.ok(Math.abs(relativeLuminance('#ff0000') - 0.2126) < 1e-12);
  assert.ok(Math.abs(relativeLuminance('#00ff00') - 0.7152) < 1e-12);
  assert.ok(Math.abs(relativeLuminance('#0000ff') - 0.0722) < 1e-12);
  // Mid grey, 0x80 = 128: ((128/255 + 0.055) / 1.055)^2.4, the sRGB curve (not 128/255 itself).
  const mid = ((128 / 255 + 0.055) / 1.055) ** 2.4;
  assert.ok(Math.abs(relativeLuminance('#808080') - mid) < 1e-12);
  // Below the knee the curve is linear: 10/255/12.92.
  assert.ok(Math.abs(relativeLuminance('#0a0a0a') - 10 / 255 / 12.92) < 1e-12);
});

test('known ratios on white: 21, 4.54, 4.47, 1, and yellow 1.51', () => {
  assert.equal(contrastOnWhite('#000000'), 21);
  assert.equal(contrastOnWhite('#767676'), 4.54);
  assert.equal(contrastOnWhite('#777777'), 4.47);
  assert.equal(contrastOnWhite('#ffffff'), 1);
  assert.equal(contrastOnWhite('#ffcc00'), 1.51);
  assert.equal(contrastOnWhite('#FFCC00'), 1.51, 'either case');
});

test('rounded down: a ratio of 4.4999 is 4.49, short of the minimum, never 4.5', () => {
  // (1.05 / (L + 0.05)) for #006ffb is 4.49989, which rounding to nearest would make 4.5.
  assert.equal(contrastOnWhite('#006ffb'), 4.49);
  assert.ok(contrastOnWhite('#006ffb') < minimumContrast);
  assert.equal(minimumContrast, 4.5);
});
