// The applicant's personal data through HTTP, on every backend: what a submit-only key sees, validation
// messages that never quote a value, values that never reach the log, the events feed or a webhook body,
// subject access, erasure on request and by retention date, and the submission's own body limit.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Registry } from 'prom-client';
import { createWebhookMetrics } from '../../src/metrics/webhook-metrics.js';
import { startDeliveryWorker } from '../../src/webhook-delivery/delivery-worker.js';
import { act, application, submit } from '../helpers/applications.js';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { logLines } from '../helpers/log-lines.js';
import { authWith } from '../helpers/scoped-keys.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { startWebhookReceiver } from '../helpers/webhook-receiver.js';

const silent = { info() {}, warn() {}, error() {} };
const dayMs = 86_400_000;

/** A submission whose every personal value is a marker no other text of the service holds. */
const marked = (petId: number) =>
  application(petId, {
    applicant: {
      name: 'Zebulon Quixotic',
      email: 'zebulon.quixotic@markers.example',
      phone: '+44 7700 900123',
      address: {
        line1: '17 Marker Lane',
        city: 'Quixton',
        region: 'Wessex',
        postalCode: 'QX1 7ZZ',
        country: 'GB',
      },
    },
    experience: 'Raised Marker-the-dog',
    vet: { name: 'Dr Markerly', phone: '+44 7700 900456' },
    answers: { 'why-adopt': 'Because quixotic reasons' },
  });
const markers = [
  'Zebulon',
  'Quixotic',
  'zebulon.quixotic',
  '7700 900123',
  'Marker Lane',
  'Quixton',
  'QX1 7ZZ',
  'Marker-the-dog',
  'Markerly',
  '900456',
  'quixotic reasons',
];

for (const backend of backends) {
  describe(`applicant data on ${backend.name}`, () => {
    let t: TestApp;
    // From the real time: the webhook worker schedules by the real clock.
    let now = Date.now();
    const log = logLines();
    before(async () => {
      t = await startTestApp(
        backend,
        {
          webhookAllowedHosts: '127.0.0.1',
          webhookPollIntervalMs: 20,
          webhookTimeoutMs: 2000,
          logLevel: 'info',
        },
        { clock: () => now, logStream: log.stream },
      );
    });
    after(() => t.close());

    test('a submit-only key is answered {id, status, createdAt}; one that also reads, the whole application', async () => {
      const submitter = await authWith(t, 'applications:submit');
      const res = await t.request({
        method: 'POST',
        url: '/v1/applications',
        headers: submitter,
        payload: application(null),
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.deepEqual(Object.keys(res.json()).sort(), ['createdAt', 'id', 'status']);
      const read = await t.request({ url: `/v1/applications/${res.json().id}`, headers: submitter });
      assert.equal(read.statusCode, 403, 'it cannot read even what it submitted');
      const both = await authWith(t, 'applications:submit', 'applications:read');
      const whole = await t.request({
        method: 'POST',
        url: '/v1/applications',
        headers: both,
        payload: application(null),
      });
      assert.equal(whole.statusCode, 201);
      assert.equal(typeof whole.json().applicant.email, 'string');
    });

    test('validation messages name the field and the rule, never the value sent', async () => {
      const secret = 'Sekr1tValue';
      const cases: Array<[Record<string, unknown>, RegExp]> = [
        [
          application(null, { applicant: { name: secret, email: `${secret}-not-an-email` } }),
          /applicant\.email/,
        ],
        [
          application(null, { applicant: { name: secret.repeat(40), email: 'a@b.example' } }),
          /applicant\.name.*at most 200/,
        ],
        [
          application(null, {
            applicant: { name: 'A', email: 'a@b.example', address: { country: `${secret}` } },
          }),
          /applicant\.address\.country/,
        ],
        [application(null, { hoursAlone: 25 }), /hoursAlone must be at most 24/],
        [
          application(null, { household: { adults: 0, children: 0 } }),
          /household\.adults must be at least 1/,
        ],
        [application(null, { consent: { dataProcessing: false } }), /consent\.dataProcessing/],
        [application(null, { answers: { 'why-adopt': 12345678 } }), /answers\.why-adopt must be a text/],
        [application(null, { answers: {} }), /answers\.why-adopt is required/],
        [
          application(null, { answers: { 'why-adopt': 'x', 'no-such': secret } }),
          /answers\.no-such answers no question/,
        ],
        [{ ...application(null), [`x${secret}`]: 1 }, /unknown field/],
      ];
      for (const [payload, rule] of cases) {
        const res = await t.request({ method: 'POST', url: '/v1/applications', headers: t.auth, payload });
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().code, 'validation_failed');
        assert.match(res.json().message, rule);
        if (!rule.source.includes('unknown'))
          assert.ok(
            !res.json().message.includes(secret),
            `the message quotes the value: ${res.json().message}`,
          );
      }
      const broken = await t.request({
        method: 'POST',
        url: '/v1/applications',
        headers: { ...t.auth, 'content-type': 'application/json' },
        payload: `{"applicant": {"name": "${secret}"`,
      });
      assert.equal(broken.statusCode, 400);
      assert.ok(!broken.body.includes(secret), broken.body);
    });

    test('a submission’s values reach neither the log, nor the events feed, nor a webhook body', async () => {
      const receiver = await startWebhookReceiver();
      await t.app.services.webhooks.add({ url: receiver.url, events: ['application.*'] });
      const metrics = createWebhookMetrics(new Registry(), t.app.store, Date.now);
      const worker = startDeliveryWorker({ store: t.app.store, config: t.config, log: silent, metrics });
      try {
        const a = await submit(t, marked(await newPet(t)));
        await act(t, a.id, 'review');
        await act(t, a.id, 'decline', { reason: 'Reason Quixotic' });
        const refused = await t.request({
          method: 'POST',
          url: '/v1/applications',
          headers: t.auth,
          payload: { ...marked(1), hoursAlone: 99 },
        });
        assert.equal(refused.statusCode, 400);
        // Staff look the applicant up by name and by address: the URLs carry both, the log neither.
        for (const url of [
          '/v1/applications?q=zebulon%20quixotic',
          '/v1/applicants?email=zebulon.quixotic%40markers.example',
        ])
          assert.equal((await t.request({ url, headers: t.auth })).statusCode, 200, url);
        const got = await receiver.waitForAccepted(3);
        const feed = (await t.request({ url: '/v1/events?type=application.*&limit=100', headers: t.auth }))
          .body;
        assert.match(feed, new RegExp(a.id), 'the feed names the application');
        const texts = { log: JSON.stringify(log.lines), feed, webhooks: got.map((r) => r.body).join('\n') };
        assert.ok(log.lines.length > 0, 'the log was written');
        assert.ok(
          log.lines.some((line) => JSON.stringify(line).includes('/v1/applicants?email=…')),
          'the lookup is logged, its query names kept',
        );
        for (const [where, text] of Object.entries(texts))
          for (const marker of markers)
            assert.ok(!text.toLowerCase().includes(marker.toLowerCase()), `${where} holds ${marker}`);
      } finally {
        await worker.stop();
        await receiver.close();
      }
    });

    test('subject access: every application of the address, case-insensitively, with notes', async () => {
      const email = `Grace.${process.pid}@Example.org`;
      const first = await submit(t, application(null, { applicant: { name: 'Grace', email } }));
      await submit(t, application(await newPet(t), { applicant: { name: 'Grace', email } }));
      await t.request({
        method: 'POST',
        url: `/v1/applications/${first.id}/notes`,
        headers: t.auth,
        payload: { text: 'Nice' },
      });
      const res = await t.request({
        url: `/v1/applicants?email=${encodeURIComponent(email.toLowerCase())}`,
        headers: t.auth,
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().applications.length, 2);
      assert.equal(res.json().applications[0].notes[0].text, 'Nice');
    });

    test('erasure on request: personal fields null, name Erased, country and region kept, notes gone, one event each', async () => {
      const email = `erase.${process.pid}@example.org`;
      const petId = await newPet(t);
      const body = marked(petId);
      body.applicant = { ...(body.applicant as object), email } as never;
      const a = await submit(t, body);
      const b = await submit(
        t,
        application(null, { applicant: { name: 'Other', email: email.toUpperCase() } }),
      );
      await t.request({
        method: 'POST',
        url: `/v1/applications/${a.id}/notes`,
        headers: t.auth,
        payload: { text: 'Quixotic note' },
      });
      const lastEvent = async () => {
        const events = (
          await t.request({ url: '/v1/events?type=application.erased&limit=100', headers: t.auth })
        ).json();
        return events as Array<{ data: { id: string } }>;
      };
      const erasedBefore = (await lastEvent()).length;
      const res = await t.request({
        method: 'POST',
        url: '/v1/applicants/erase',
        headers: t.auth,
        payload: { email },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { erased: 2 });
      const erased = (await t.request({ url: `/v1/applications/${a.id}`, headers: t.auth })).json();
      assert.equal(erased.applicant.name, 'Erased');
      assert.equal(erased.applicant.email, null);
      assert.equal(erased.applicant.phone, null);
      assert.deepEqual(erased.applicant.address, {
        line1: null,
        line2: null,
        city: null,
        region: 'Wessex',
        postalCode: null,
        country: 'GB',
      });
      assert.equal(erased.experience, null);
      assert.equal(erased.vet, null);
      assert.deepEqual(erased.answers, {});
      assert.deepEqual(erased.notes, []);
      assert.equal(erased.household.adults, null);
      assert.equal(typeof erased.erasedAt, 'string');
      assert.equal(erased.petId, petId);
      assert.equal(erased.status, 'submitted');
      const events = (await lastEvent()).slice(erasedBefore);
      assert.deepEqual(events.map((e) => e.data.id).sort(), [a.id, b.id].sort());
      const approve = await act(t, a.id, 'approve');
      assert.equal(approve.statusCode, 409, 'an erased application cannot be approved');
      assert.equal(approve.json().code, 'application_status_conflict');
      const access = (await t.request({ url: `/v1/applicants?email=${email}`, headers: t.auth })).json();
      assert.deepEqual(access.applications, [], 'nothing is held on the address any more');
      const again = await t.request({
        method: 'POST',
        url: '/v1/applicants/erase',
        headers: t.auth,
        payload: { email },
      });
      assert.deepEqual(again.json(), { erased: 0 });
    });

    test('retention: a declined or withdrawn application is erased 180 days after its decision, not before', async () => {
      const declined = await submit(t, application(null));
      const decision = await act(t, declined.id, 'decline', { reason: 'No' });
      const withdrawn = await submit(t, application(null));
      await act(t, withdrawn.id, 'withdraw');
      const open = await submit(t, application(null));
      assert.equal(
        decision.json().retainUntil,
        new Date(Date.parse(decision.json().decidedAt) + 180 * dayMs).toISOString(),
      );
      now += 180 * dayMs - 1000;
      await t.app.services.applicantData.eraseDue();
      const status = async (id: string) =>
        (await t.request({ url: `/v1/applications/${id}`, headers: t.auth })).json();
      assert.equal((await status(declined.id)).erasedAt, null, 'not yet due');
      now += 2000;
      assert.ok((await t.app.services.applicantData.eraseDue()) >= 2);
      assert.equal((await status(declined.id)).applicant.name, 'Erased');
      assert.equal((await status(withdrawn.id)).applicant.name, 'Erased');
      assert.equal((await status(open.id)).erasedAt, null, 'an open application is kept');
    });

    test('the submission body has a limit of its own: 32 KiB by default', async () => {
      const payload = JSON.stringify({ ...application(null), padding: 'x'.repeat(33 * 1024) });
      const res = await t.request({
        method: 'POST',
        url: '/v1/applications',
        headers: { ...t.auth, 'content-type': 'application/json' },
        payload,
      });
      assert.equal(res.statusCode, 413, res.body);
      assert.match(res.json().message, /32768/);
      const fits = JSON.stringify({ ...application(null), experience: 'x'.repeat(2000) });
      assert.ok(fits.length > 1024);
      const ok = await t.request({
        method: 'POST',
        url: '/v1/applications',
        headers: { ...t.auth, 'content-type': 'application/json' },
        payload: fits,
      });
      assert.equal(ok.statusCode, 201, ok.body);
    });
  });
}
