// The icon browsers ask every site for at /favicon.ico (a 404 there is an error in the page's console): a
// white paw on the default accent blue, 32 × 32, as a PNG, which browsers take at that address whatever its
// name says. Kept here as bytes, since tsc copies no other file into dist/; drawn once from pixels (circles
// for the pad and toes) and encoded by sharp with a palette.
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAMAAABEpIrGAAAACVBMVEVMaXEAWo3///9TUOZCAAAAAXRSTlMAQObYZgAAAAlwSFlzAAAD6AAAA+gBtXtSawAAAHBJREFUOMvNk0sOwCAIRGHuf+imPxyoFLWbzgIjvKCgiBzSjsSkqar4SagWxBQAsjfA4V2XbcQEANZCBgQAHnBeY59AOK0B8Wa0H8xgjrj6KpS7gKwPqFqND63+A7BaZpfIv318tKG5KEevHt738d8AwRQExVnuiLMAAAAASUVORK5CYII=';

export const favicon = Buffer.from(pngBase64, 'base64');
