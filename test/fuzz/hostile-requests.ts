// Requests broken by one rule, and hostile ones: bad encodings, huge numbers, deep JSON, odd headers,
// wrong methods and unknown paths.
import fc from 'fast-check';
import type { FuzzRequest } from './openapi-operations.js';

const oddNumbers = [
  '1e309',
  '-1e309',
  'Infinity',
  'NaN',
  '0x10',
  '1e1',
  '20.0',
  '-0',
  '+1',
  ' 1',
  '9'.repeat(400),
  '',
  '1,2',
];
const badEncodings = [
  '%',
  '%FF',
  '%zz',
  '%ff%fe',
  '%00',
  '%C0%AF',
  '%E2%82',
  '..%2F..%2Fetc%2Fpasswd',
  '%25',
];
const oddValues = fc.oneof(
  fc.constantFrom(...oddNumbers, ...badEncodings),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 10 }),
);

/** A valid request with one rule broken: a parameter, the body or a header. */
export function brokenRequest(valid: fc.Arbitrary<FuzzRequest>): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(valid, fc.nat(9), oddValues, fc.jsonValue({ maxDepth: 3 }))
    .map(([req, rule, odd, json]) => {
      const [path, query = ''] = req.url.split('?');
      const segments = path!.split('/');
      const broken = { ...req, headers: { ...req.headers }, kind: `broken(${rule}) ${req.kind}` };
      switch (rule) {
        case 0: // the last path segment
          broken.url = `${segments.slice(0, -1).join('/')}/${odd}${query ? `?${query}` : ''}`;
          break;
        case 1: // an unknown query parameter
          broken.url = `${req.url}${query ? '&' : '?'}unknown=${encodeURIComponent(odd)}`;
          break;
        case 2: // each query parameter given an odd value
          broken.url = `${path}?${query.replace(/=[^&]*/g, `=${encodeURIComponent(odd)}`) || `limit=${odd}`}`;
          break;
        case 3: // a repeated query parameter
          broken.url = `${req.url}${query ? `&${query}` : '?limit=1&limit=2'}`;
          break;
        case 4: // another JSON body
          broken.payload = JSON.stringify(json);
          broken.headers['content-type'] = 'application/json';
          break;
        case 5: // the body cut short
          broken.payload = (req.payload ?? '{"a":1}').slice(0, -1);
          broken.headers['content-type'] = 'application/json';
          break;
        case 6: // no key
          delete broken.headers.authorization;
          break;
        case 7: // a malformed key
          broken.headers.authorization = `Bearer ${odd}`;
          break;
        case 8: // another content type
          broken.headers['content-type'] = 'text/plain';
          broken.payload = req.payload ?? 'x';
          break;
        default: // one field of the body with an odd value
          if (req.payload?.startsWith('{')) {
            const body = JSON.parse(req.payload) as Record<string, unknown>;
            const field = Object.keys(body)[0] ?? 'extra';
            broken.payload = JSON.stringify({ ...body, [field]: odd });
          }
      }
      return broken;
    });
}

/** Nested arrays or objects `depth` deep. */
const deepJson = (depth: number, objects: boolean) =>
  objects ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);

/** Hostile requests, some on real paths, some not. */
export function hostileRequest(paths: string[], auth: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS');
  const path = fc.oneof(
    fc.constantFrom(...paths.map((p) => p.replace(/\{[^}]+\}/g, '1'))),
    fc.constantFrom(...badEncodings).map((bad) => `/v1/pets/${bad}`),
    fc.webPath().map((p) => `/v1${p}`),
    // An HTTP request always has a target: an empty path cannot be sent.
    fc.webPath().map((p) => p || '/'),
    fc.nat(5000).map((n) => `/v1/pets/${'9'.repeat(n + 1)}`),
    fc.constantFrom('/v1', '/v1/', '/v1/pets/', '//v1//pets', '/v1/pets/1/', '/V1/PETS', '/v1/pets/..'),
  );
  const header = fc.constantFrom<Record<string, string>>(
    {},
    { 'content-type': 'application/json; charset=latin1' },
    { 'content-type': 'application/json' },
    { 'content-type': 'multipart/form-data; boundary=x' },
    { 'x-request-id': 'x'.repeat(300) },
    { 'x-request-id': '../../etc' },
    { 'idempotency-key': '' },
    { 'idempotency-key': 'k'.repeat(1000) },
    { accept: 'text/html' },
    { 'content-length': '5' },
    { authorization: 'Basic dXNlcjpwYXNz' },
    { authorization: 'Bearer pet_live_' + 'A'.repeat(36) },
    { authorization: 'Bearer ' + 'x'.repeat(5000) },
  );
  const body = fc.oneof(
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    fc.nat(20000).map((n) => deepJson(n + 1, false)),
    fc.nat(5000).map((n) => deepJson(n + 1, true)),
    fc.constantFrom(
      '{"__proto__":{"admin":true},"name":"x","categoryId":1}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{"name":"x","categoryId":1e309}',
      '{"name":"x","categoryId":123456789012345678901234567890}',
      '\uFEFF{"name":"x","categoryId":1}',
      '{"name":"\\ud800","categoryId":1}',
      'null',
      '',
    ),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
  return fc
    .record({
      method,
      path,
      header,
      body,
      withKey: fc.boolean(),
      query: fc.constantFrom('', '?limit=1e309', '?%zz=1', '?a[b]=1', '?limit='),
    })
    .map(({ method, path, header, body, withKey, query }) => ({
      kind: 'hostile',
      method,
      url: `${path}${query}`,
      headers: {
        ...(withKey ? auth : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...header,
      },
      ...(body === undefined || method === 'GET' || method === 'HEAD' ? {} : { payload: body }),
    }));
}
