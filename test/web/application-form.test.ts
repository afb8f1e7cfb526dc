// The application form of the adoption pages through HTTP: what it asks, a submission that reaches the API's
// applications, refusals that keep every value as typed (GOV.UK's error pattern), the robot trap, the
// signed token's times, the Origin check, the per-address budget, a duplicate that looks like a success,
// and no personal data in the log; on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { logLines } from '../helpers/log-lines.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const origin = 'https://shelter.example';
const probe = '<img src=x onerror=alert(1)>';
let emails = 0;

/** The fields of a stored application these tests read. */
interface StoredApplication {
  petId: number | null;
  status: string;
  applicant: { name: string; email: string; address: { country: string } };
  household: Record<string, unknown>;
  home: Record<string, unknown>;
  otherPets: Array<Record<string, unknown>>;
  experience: string;
  answers: Record<string, unknown>;
  consent: { dataProcessing: boolean };
}

/** What a person fills in: the required fields and some optional ones. */
const filled = (overrides: Record<string, string> = {}): Record<string, string> => ({
  'applicant.name': 'Grace Hopper',
  'applicant.email': `grace.${process.pid}.${++emails}@example.org`,
  'applicant.address.country': 'gb',
  'household.adults': '2',
  'household.children': '2',
  'household.childrenAges': '4, 9',
  'household.allAgree': 'yes',
  'home.type': 'apartment',
  'home.ownership': 'rent',
  'home.landlordAllowsPets': 'yes',
  'otherPets.1.species': 'cat',
  'otherPets.1.count': '1',
  experience: 'Two cats,\nfor ten years',
  'answers.why-adopt': 'A quiet home with room',
  'answers.had-pet-before': 'yes',
  'consent.dataProcessing': 'yes',
  ...overrides,
});

const tokenOf = (html: string) => /name="formToken" value="([^"]+)"/.exec(html)?.[1];
/** The value a text box or text area shows (as the HTML has it, escaped). */
const shownValue = (html: string, id: string) =>
  new RegExp(`id="${id}"[^>]*value="([^"]*)"`).exec(html)?.[1] ??
  new RegExp(`<textarea[^>]*id="${id}"[^>]*>([^<]*)</textarea>`).exec(html)?.[1];
const summaryOf = (html: string) => /<div class="error-summary"[\s\S]*?<\/div><\/div>/.exec(html)?.[0] ?? '';
const summaryLinks = (html: string) => [...summaryOf(html).matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);

for (const backend of backends) {
  describe(`the application form on ${backend.name}`, () => {
    let t: TestApp;
    let now = Date.now();
    const log = logLines();
    const ids = {} as Record<'available' | 'pending' | 'sold', number>;
    before(async () => {
      t = await startTestApp(
        backend,
        { publicUrl: `${origin}/v1`, applicationFormsPerHour: 1000, logLevel: 'info' },
        { clock: () => now, logStream: log.stream },
      );
      ids.available = (await addPet(t, { name: 'Alma', categoryId: 1 })).id;
      ids.pending = (await addPet(t, { name: 'Bruno', categoryId: 1, status: 'pending' })).id;
      ids.sold = (await addPet(t, { name: 'Cleo', categoryId: 1, status: 'sold' })).id;
    });
    after(() => t.close());

    const open = async (path: string) => {
      const res = await t.request({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      return { res, token: tokenOf(res.body) };
    };
    /** Opens the form, waits as a person would, and sends `values`. */
    async function send(
      path: string,
      values: Record<string, string>,
      {
        wait = 5_000,
        headers = { origin } as Record<string, string>,
        token,
      }: { wait?: number; headers?: Record<string, string>; token?: string } = {},
    ) {
      const formToken = token ?? (await open(path)).token!;
      now += wait;
      return t.request({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ formToken, ...values }).toString(),
      });
    }
    const stored = async () => {
      const res = await t.request({ method: 'GET', url: '/v1/applications?limit=100', headers: t.auth });
      return res.json() as StoredApplication[];
    };

    test('the form asks every group, labels every box, and is never cached; no cookie is set', async () => {
      const { res, token } = await open('/adopt/apply');
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['set-cookie'], undefined);
      assert.ok(token);
      for (const legend of [
        'About you',
        'Your household',
        'Your home',
        'Other pet 1',
        'Your experience',
        'The shelter’s questions',
        'Consent',
      ])
        assert.ok(res.body.includes(`<h2>${legend}</h2>`), legend);
      assert.match(res.body, /<form class="application" method="post" action="\/adopt\/apply"/);
      // Every box a person fills has a label of its own (the robots' trap is hidden by the stylesheet).
      const inputs = [
        ...res.body.matchAll(/<(?:input|textarea)(?![^>]*type="hidden")[^>]*id="([^"]+)"/g),
      ].map((m) => m[1]);
      assert.ok(inputs.length > 30);
      for (const id of inputs) assert.ok(res.body.includes(`for="${id}"`), `a label for ${id}`);
      assert.match(res.body, /<div class="trap">/);
      assert.match(res.body, /<label for="f-answers-why-adopt">Why do you want to adopt\?</);
    });

    test('an animal’s page links to its form; the form names the animal, and says when it is pending', async () => {
      const pet = await open(`/adopt/pets/${ids.available}`);
      assert.match(
        pet.res.body,
        new RegExp(`href="/adopt/pets/${ids.available}/apply">Apply to adopt Alma<`),
      );
      const form = await open(`/adopt/pets/${ids.available}/apply`);
      assert.match(form.res.body, /<h1>Apply to adopt Alma<\/h1>/);
      assert.doesNotMatch(form.res.body, /is pending, but you can still apply/);
      const pending = await open(`/adopt/pets/${ids.pending}/apply`);
      assert.equal(pending.res.statusCode, 200);
      assert.match(pending.res.body, /An adoption of Bruno is pending, but you can still apply/);
      for (const id of [ids.sold, 999999, 'x'])
        assert.equal((await open(`/adopt/pets/${id}/apply`)).res.statusCode, 404, String(id));
    });

    test('a filled-in form reaches the applications, each value where the API keeps it', async () => {
      const values = filled();
      const res = await send(`/adopt/pets/${ids.available}/apply`, values);
      assert.equal(res.statusCode, 200, res.body.slice(0, 2000));
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.match(res.body, /Thank you — your application was sent/);
      assert.ok(res.body.includes(`The shelter will contact you at ${values['applicant.email']}.`));
      const application = (await stored()).find((a) => a.applicant.email === values['applicant.email'])!;
      assert.ok(application, 'stored');
      assert.equal(application.petId, ids.available);
      assert.equal(application.status, 'submitted');
      assert.equal(application.applicant.name, 'Grace Hopper');
      assert.equal(application.applicant.address.country, 'GB');
      assert.deepEqual(
        {
          adults: application.household.adults,
          children: application.household.children,
          ages: application.household.childrenAges,
          agree: application.household.allAgree,
          allergies: application.household.allergies,
        },
        { adults: 2, children: 2, ages: [4, 9], agree: true, allergies: null },
      );
      assert.deepEqual(
        [application.home.type, application.home.ownership, application.home.landlordAllowsPets],
        ['apartment', 'rent', true],
      );
      assert.deepEqual(
        application.otherPets.map((p) => [p.species, p.count]),
        [['cat', 1]],
      );
      assert.equal(application.experience, 'Two cats,\nfor ten years');
      assert.equal(application.answers['why-adopt'], 'A quiet home with room');
      assert.equal(application.answers['had-pet-before'], true);
      assert.equal(application.consent.dataProcessing, true);
    });

    test('the form not tied to an animal sends an application for none, made by the public', async () => {
      const values = filled();
      assert.equal((await send('/adopt/apply', values)).statusCode, 200);
      const application = (await stored()).find((a) => a.applicant.email === values['applicant.email'])!;
      assert.equal(application.petId, null);
      const events = await t.request({
        url: '/v1/events?type=application.submitted&limit=100',
        headers: t.auth,
      });
      const submitted = (events.json() as { actor?: unknown; data: { id: number } }[]).find(
        (e) => e.data.id === (application as unknown as { id: number }).id,
      );
      assert.deepEqual(submitted?.actor, { type: 'public' }, 'a visitor, never named');
    });

    test('an empty form: 400, a summary linking each required field in order, each error beside its field', async () => {
      const before = (await stored()).length;
      const res = await send('/adopt/apply', {});
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /<title>Error: Apply to adopt an animal<\/title>/);
      assert.match(res.body, /There is a problem/);
      assert.deepEqual(summaryLinks(res.body), [
        'f-applicant-name',
        'f-applicant-email',
        'f-household-adults',
        'f-household-children',
        'f-home-type-0',
        'f-home-ownership-0',
        'f-answers-why-adopt',
        'f-consent-dataProcessing',
      ]);
      assert.match(res.body, /href="#f-applicant-name">Enter your full name</);
      assert.match(res.body, /href="#f-home-type-0">Select the kind of home you live in</);
      assert.match(
        res.body,
        /id="f-applicant-name-error" class="error-message"><span class="visually-hidden">Error: <\/span>Enter your full name/,
      );
      assert.match(
        res.body,
        /id="f-applicant-name" name="applicant.name" aria-describedby="f-applicant-name-error" aria-invalid="true"/,
      );
      assert.match(res.body, /<fieldset aria-describedby="f-home-type-error">/);
      // A field with a hint is described by both.
      assert.match(res.body, /aria-describedby="f-applicant-email-hint f-applicant-email-error"/);
      assert.equal((await stored()).length, before, 'nothing stored');
    });

    test('wrong values get a message each, and every value comes back exactly as typed', async () => {
      const before = (await stored()).length;
      const typed = filled({
        'applicant.name': `  ${probe} "quoted" & more `,
        'applicant.email': 'not-an-email',
        'applicant.address.country': 'G1',
        'household.adults': 'two',
        'household.children': '50',
        'household.childrenAges': 'four',
        'otherPets.1.species': '',
        'otherPets.1.count': '1',
        experience: 'x'.repeat(2001),
        'answers.why-adopt': `line one\n${probe}`,
        'home.type': 'castle',
      });
      const res = await send('/adopt/apply', typed);
      assert.equal(res.statusCode, 400);
      const errors = Object.fromEntries(
        [...summaryOf(res.body).matchAll(/href="#([^"]+)">([^<]+)</g)].map((m) => [m[1], m[2]]),
      );
      assert.deepEqual(errors, {
        'f-applicant-email': 'Enter an email address in the correct format, like name@example.com',
        'f-applicant-address-country': 'Enter the country as two letters, like GB',
        'f-household-adults': '“How many adults live in your home?” must be a whole number, like 2',
        'f-household-children': '“How many children live in your home?” must be between 0 and 20',
        'f-household-childrenAges':
          'Enter the children’s ages as whole numbers separated by commas, like 4, 9',
        'f-home-type-0': 'Select one of the answers to “What kind of home do you live in?”',
        'f-otherPets-1-species': 'Enter an answer to “What animal”',
        'f-experience': '“Tell us about your experience with animals” must be 2000 characters or fewer',
      });
      // As typed: spaces, quotes, markup and newlines, escaped and never interpreted.
      assert.equal(
        shownValue(res.body, 'f-applicant-name'),
        '  &lt;img src=x onerror=alert(1)> &quot;quoted&quot; &amp; more ',
      );
      assert.equal(shownValue(res.body, 'f-applicant-email'), 'not-an-email');
      assert.equal(shownValue(res.body, 'f-household-adults'), 'two');
      assert.equal(shownValue(res.body, 'f-applicant-address-country'), 'G1');
      assert.equal(shownValue(res.body, 'f-answers-why-adopt'), 'line one\n&lt;img src=x onerror=alert(1)>');
      assert.equal(shownValue(res.body, 'f-experience'), 'x'.repeat(2001));
      assert.ok(!res.body.includes(probe), 'the probe is inert');
      assert.match(res.body, /id="f-home-ownership-1" name="home.ownership" value="rent" checked/);
      assert.match(
        res.body,
        /id="f-consent-dataProcessing" name="consent.dataProcessing" value="yes" checked/,
      );
      assert.match(
        res.body,
        /id="f-answers-had-pet-before-0" name="answers.had-pet-before" value="yes" checked/,
      );
      assert.equal((await stored()).length, before, 'nothing stored');
    });

    test('line breaks as browsers send them (CRLF) are kept as newlines; other control characters are refused', async () => {
      const values = filled({ experience: 'Dogs\r\nand cats', 'answers.why-adopt': 'Room\r\n\r\nand time' });
      assert.equal((await send('/adopt/apply', values)).statusCode, 200);
      const application = (await stored()).find((a) => a.applicant.email === values['applicant.email'])!;
      assert.equal(application.experience, 'Dogs\nand cats');
      assert.equal(application.answers['why-adopt'], 'Room\n\nand time');
      const before = (await stored()).length;
      for (const bad of [
        { 'answers.why-adopt': 'a\u0007b' },
        { 'answers.day-to-day-carer': 'a\u001bb' },
        { experience: 'a\u0000b' },
      ] as Record<string, string>[]) {
        const res = await send('/adopt/apply', filled(bad));
        assert.equal(res.statusCode, 400, JSON.stringify(bad));
        assert.equal(summaryLinks(res.body).length, 1, JSON.stringify(bad));
      }
      assert.equal((await stored()).length, before);
      // Every application stored through the form can be read back.
      const listed = await t.request({ method: 'GET', url: '/v1/applications?limit=100', headers: t.auth });
      assert.equal(listed.statusCode, 200);
    });

    test('the token: too fast, too old or forged is refused with the values kept and a new token', async () => {
      const before = (await stored()).length;
      const cases = [
        { wait: 1_000, notice: 'The form was sent very quickly after it opened' },
        { wait: 24 * 3_600_000 + 1_000, notice: 'This form was open for more than a day' },
        { wait: 5_000, token: `${now}.forged`, notice: 'This form was open for more than a day' },
      ];
      for (const { notice, ...options } of cases) {
        const values = filled();
        const res = await send('/adopt/apply', values, options);
        assert.equal(res.statusCode, 400, notice);
        assert.ok(res.body.includes(notice), notice);
        assert.equal(shownValue(res.body, 'f-applicant-email'), values['applicant.email']);
        const again = tokenOf(res.body)!;
        now += 4_000;
        const retried = await send('/adopt/apply', values, { token: again, wait: 0 });
        assert.equal(retried.statusCode, 200, `${notice}: sent again with the new token`);
      }
      assert.equal((await stored()).length, before + cases.length, 'each stored once, when sent again');
    });

    test('the robots’ field filled in: the page a person would see, and nothing stored', async () => {
      const before = (await stored()).length;
      const res = await send('/adopt/apply', filled({ website: 'https://spam.example' }));
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /Thank you — your application was sent/);
      assert.equal((await stored()).length, before);
    });

    test('a POST from another origin, or with none, is refused with 403 and stores nothing', async () => {
      const before = (await stored()).length;
      for (const headers of [{}, { origin: 'https://evil.example' }, { origin: 'null' }] as Record<
        string,
        string
      >[]) {
        const res = await send('/adopt/apply', filled(), { headers });
        assert.equal(res.statusCode, 403, JSON.stringify(headers));
        assert.match(res.headers['content-type'] as string, /^text\/html/);
        assert.match(res.body, /must be sent from this site’s own page/);
      }
      assert.equal((await stored()).length, before);
    });

    test('the same open application sent twice: the same page both times, one application', async () => {
      const values = filled();
      const first = await send(`/adopt/pets/${ids.available}/apply`, values);
      const second = await send(`/adopt/pets/${ids.available}/apply`, values);
      assert.equal(first.statusCode, 200);
      assert.equal(second.statusCode, 200);
      assert.equal(second.body, first.body, 'nothing tells whether this person applied before');
      assert.equal((await stored()).filter((a) => a.applicant.email === values['applicant.email']).length, 1);
    });

    test('a body that is not a form gets a page: JSON and multipart 415, too large 413', async () => {
      const post = (headers: Record<string, string>, payload: string) =>
        t.request({ method: 'POST', url: '/adopt/apply', headers: { origin, ...headers }, payload });
      const json = await post(
        { 'content-type': 'application/json' },
        JSON.stringify({ 'applicant.name': 1 }),
      );
      assert.equal(json.statusCode, 415);
      assert.match(json.headers['content-type'] as string, /^text\/html/);
      const multipart = await post({ 'content-type': 'multipart/form-data; boundary=x' }, '--x--');
      assert.equal(multipart.statusCode, 415);
      assert.match(multipart.headers['content-type'] as string, /^text\/html/);
      const large = await post(
        { 'content-type': 'application/x-www-form-urlencoded' },
        `experience=${'x'.repeat(40_000)}`,
      );
      assert.equal(large.statusCode, 413);
      assert.match(large.headers['content-type'] as string, /^text\/html/);
    });

    test('nothing the applicant typed reaches the log', async () => {
      const values = filled({
        'applicant.name': 'Zebulon Quartermaine',
        'answers.why-adopt': 'Secretive reason',
      });
      await send('/adopt/apply', { ...values, 'household.adults': 'many' });
      await send('/adopt/apply', values);
      const text = JSON.stringify(log.lines);
      for (const secret of ['Zebulon', values['applicant.email']!, 'Secretive'])
        assert.ok(!text.includes(secret), secret);
    });
  });
}

describe('the per-address budget of the form', () => {
  let t: TestApp;
  let now = Date.now();
  before(async () => {
    t = await startTestApp(
      backends[0]!,
      { publicUrl: `${origin}/v1`, applicationFormsPerHour: 2 },
      { clock: () => now },
    );
  });
  after(() => t.close());

  test('one more than the budget gets 429 with Retry-After, and the form back as typed', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 3; i++) {
      const token = tokenOf((await t.request({ method: 'GET', url: '/adopt/apply' })).body)!;
      now += 5_000;
      const values = filled();
      last = await t.request({
        method: 'POST',
        url: '/adopt/apply',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ formToken: token, ...values }).toString(),
      });
      statuses.push(last.statusCode);
      if (i === 2) assert.equal(shownValue(last.body, 'f-applicant-email'), values['applicant.email']);
    }
    assert.deepEqual(statuses, [200, 200, 429]);
    const retryAfter = Number(last!.headers['retry-after']);
    assert.ok(retryAfter > 0 && retryAfter <= 3600, String(retryAfter));
    assert.match(last!.body, /Too many applications were sent from your network in the last hour/);
    const listed = await t.request({ method: 'GET', url: '/v1/applications', headers: t.auth });
    assert.equal(listed.json().length, 2);
  });
});
