// Taking in an animal in the console, with its photos in the same form, and looking after it there: every
// profile field reaches the API as typed, the photos are added in their order, a refused form writes
// nothing and keeps every value, a file that is not a photo is named, and the photo buttons (main photo,
// up, down, remove after a confirmation), publish and unpublish, and removal (staff only, never while an
// order is open) each do what the API would. Run on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Pet } from '../../src/domain/pet.js';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { makeImage } from '../helpers/images.js';
import {
  csrfOf,
  signedInAs,
  strongPassword,
  type ConsoleBrowser,
  type PickedFile,
} from '../helpers/console.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const probe = '<img src=x onerror=alert(1)>';
const photosPerPet = 3;
const photoUploadLimit = 200_000;

/** Every field of the intake form, as a volunteer would fill it in. */
const filledIn = {
  name: 'Marmalade',
  categoryId: '1',
  breed: '',
  mixedBreed: 'yes',
  sex: 'female',
  age: 'young',
  birthDate: '2024-03-05',
  size: 'medium',
  color: 'Ginger',
  coat: 'short',
  'goodWith.children': 'yes',
  'goodWith.dogs': 'no',
  'goodWith.cats': '',
  'attributes.spayedNeutered': 'yes',
  'attributes.houseTrained': 'yes',
  'attributes.vaccinated': 'no',
  'attributes.specialNeeds': '',
  description: 'Loves a sunny window.\r\nShy at first.',
  tags: 'calm, indoor',
  status: 'available',
  published: 'yes',
};

const photo = async (name: string, format: 'jpeg' | 'png' = 'jpeg', width = 400): Promise<PickedFile> => ({
  field: 'photos',
  name,
  // The type a browser declares comes from the name; the service reads the bytes.
  type: 'application/octet-stream',
  bytes: await makeImage(format, width, 300),
});

const idFromLocation = (location: unknown) =>
  Number(/^\/console\/animals\/(\d+)\?/.exec(String(location))?.[1]);

for (const backend of backends) {
  describe(`console intake and photos on ${backend.name}`, () => {
    let t: TestApp;
    let volunteer: ConsoleBrowser;
    let staff: ConsoleBrowser;
    const apiPet = async (id: number) => t.request({ method: 'GET', url: `/v1/pets/${id}`, headers: t.auth });
    const petCount = async () =>
      (await t.request({ method: 'GET', url: '/v1/store/inventory', headers: t.auth })).json() as Record<
        string,
        number
      >;

    before(async () => {
      t = await startTestApp(backend, { photosPerPet, photoUploadLimit });
      volunteer = (await signedInAs(t, 'volunteer')).browser;
      staff = (await signedInAs(t, 'staff')).browser;
    });
    after(() => t.close());

    test('an animal taken in with every field and two photos is in the API as typed, photos in order', async () => {
      const form = await volunteer.get('/console/animals/new');
      assert.equal(form.statusCode, 200);
      assert.match(form.body, /enctype="multipart\/form-data"/);
      assert.match(form.body, /<input type="file" id="f-photos" name="photos" accept="image\/\*" multiple/);
      const files = [await photo('first.jpg', 'jpeg', 400), await photo('second.png', 'png', 500)];
      const res = await volunteer.postFiles('/console/animals/new', filledIn, files);
      assert.equal(res.statusCode, 303, res.body.slice(0, 500));
      const id = idFromLocation(res.headers.location);
      const pet = (await apiPet(id)).json() as Pet;
      assert.equal(pet.name, 'Marmalade');
      assert.equal(pet.mixedBreed, true);
      assert.equal(pet.birthDate, '2024-03-05');
      assert.deepEqual(pet.goodWith, { children: true, dogs: false, cats: null });
      assert.deepEqual(pet.attributes, {
        spayedNeutered: true,
        houseTrained: true,
        vaccinated: false,
        specialNeeds: null,
      });
      assert.equal(pet.description, 'Loves a sunny window.\nShy at first.');
      assert.deepEqual(pet.tags, ['calm', 'indoor']);
      assert.equal(pet.published, true);
      // In the order chosen: the first, 400 wide, is the main photo.
      assert.deepEqual(
        pet.photos.map((p) => p.width),
        [400, 500],
      );
      const page = await volunteer.get(String(res.headers.location));
      assert.match(page.body, /Marmalade was added\./);
      assert.equal((page.body.match(/<li id="photo-/g) ?? []).length, 2);
    });

    test('a refused intake writes nothing and keeps every value; the photos must be chosen again', async () => {
      const before = await petCount();
      const res = await volunteer.postFiles(
        '/console/animals/new',
        { ...filledIn, name: ` ${probe} `, birthDate: '5 March 2024', color: 'x'.repeat(51) },
        [await photo('kept.jpg')],
      );
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /<title>Error: /);
      assert.match(res.body, /Enter the birth date as year-month-day, like 2023-04-01/);
      assert.match(res.body, /href="#f-birthDate"/);
      assert.match(res.body, /href="#f-color"/);
      assert.match(res.body, /id="f-birthDate"[^>]*value="5 March 2024"/);
      assert.match(
        res.body,
        /<textarea[^>]*id="f-description"[^>]*>Loves a sunny window\.\r?\nShy at first\.<\/textarea>/,
      );
      assert.match(res.body, /<option value="female" selected/);
      assert.match(res.body, /Choose the photos again/);
      assert.ok(!res.body.includes(probe), 'the name is escaped');
      assert.deepEqual(await petCount(), before, 'nothing was written');
    });

    test('a file that is not a photo, too many photos or one too large are refused by name, nothing written', async () => {
      const before = await petCount();
      const notes: PickedFile = {
        field: 'photos',
        name: `${probe}.jpg`,
        type: 'image/jpeg',
        bytes: Buffer.from('not a photo at all, whatever its name says'),
      };
      const text = await volunteer.postFiles('/console/animals/new', filledIn, [
        await photo('ok.jpg'),
        notes,
      ]);
      assert.equal(text.statusCode, 400);
      assert.match(
        text.body,
        /&lt;img src=x onerror=alert\(1\)>\.jpg is not a photo in JPEG, PNG, WebP or AVIF/,
      );
      assert.match(text.body, /href="#f-photos"/);
      assert.match(text.body, /id="f-name"[^>]*value="Marmalade"/);

      const four = await Promise.all(['a', 'b', 'c', 'd'].map((n) => photo(`${n}.jpg`)));
      const many = await volunteer.postFiles('/console/animals/new', filledIn, four);
      assert.equal(many.statusCode, 400);
      assert.match(many.body, /An animal can have at most 3 photos/);

      const large = await volunteer.postFiles('/console/animals/new', filledIn, [
        // A real photo, padded past the limit.
        {
          field: 'photos',
          name: 'huge.jpg',
          type: 'image/jpeg',
          bytes: Buffer.concat([await makeImage('jpeg'), Buffer.alloc(photoUploadLimit)]),
        },
      ]);
      assert.equal(large.statusCode, 400);
      assert.match(large.body, /huge\.jpg is larger than 200 kB/);
      assert.deepEqual(await petCount(), before, 'nothing was written');
    });

    test('the photo buttons make a photo the main one, move it, and remove it after a confirmation', async () => {
      const pet = await addPet(t, { name: 'Pickles', categoryId: 1 });
      const added = await volunteer.postFiles(`/console/animals/${pet.id}/photos`, {}, [
        await photo('one.jpg', 'jpeg', 300),
        await photo('two.jpg', 'jpeg', 350),
        await photo('three.jpg', 'jpeg', 380),
      ]);
      assert.equal(added.statusCode, 303, added.body.slice(0, 300));
      const widths = async () => ((await apiPet(pet.id)).json() as Pet).photos.map((p) => p.width);
      assert.deepEqual(await widths(), [300, 350, 380]);
      const ids = ((await apiPet(pet.id)).json() as Pet).photos.map((p) => p.id);
      const page = (await volunteer.get(`/console/animals/${pet.id}`)).body;
      // No room left: the page offers no more uploads.
      assert.ok(!page.includes(`action="/console/animals/${pet.id}/photos"`));
      assert.match(page, /Make main photo<span class="visually-hidden">: Photo 3 of 3<\/span>/);

      const move = (photoId: string, position: number) =>
        volunteer.post(`/console/animals/${pet.id}/photos/${photoId}/move`, { position: String(position) });
      assert.equal((await move(ids[2]!, 0)).statusCode, 303);
      assert.deepEqual(await widths(), [380, 300, 350]);
      assert.equal((await move(ids[2]!, 1)).statusCode, 303);
      assert.deepEqual(await widths(), [300, 380, 350]);

      const confirm = await volunteer.get(`/console/animals/${pet.id}/photos/${ids[0]}/remove`);
      assert.equal(confirm.statusCode, 200);
      assert.match(confirm.body, /Remove photo 1 of Pickles\?/);
      assert.deepEqual(await widths(), [300, 380, 350], 'the confirmation page removes nothing');
      const removed = await volunteer.post(`/console/animals/${pet.id}/photos/${ids[0]}/remove`, {});
      assert.equal(removed.statusCode, 303);
      assert.deepEqual(await widths(), [380, 350]);
      const bad = await volunteer.post(`/console/animals/${pet.id}/photos/${ids[1]}/move`, {
        position: 'first',
      });
      assert.equal(bad.statusCode, 400);
      const gone = await volunteer.post(`/console/animals/${pet.id}/photos/${ids[0]}/move`, {
        position: '0',
      });
      assert.equal(gone.statusCode, 404);
    });

    test('publish and unpublish show on the website on the very next request', async () => {
      const pet = await addPet(t, { name: 'Biscuit', categoryId: 1 });
      assert.equal((await t.request({ method: 'GET', url: `/adopt/pets/${pet.id}` })).statusCode, 200);
      const off = await volunteer.post(`/console/animals/${pet.id}/publish`, { published: 'no' });
      assert.equal(off.statusCode, 303);
      assert.equal((await t.request({ method: 'GET', url: `/adopt/pets/${pet.id}` })).statusCode, 404);
      assert.match(
        (await volunteer.get(String(off.headers.location))).body,
        /Biscuit is no longer on the website/,
      );
      await volunteer.post(`/console/animals/${pet.id}/publish`, { published: 'yes' });
      assert.equal((await t.request({ method: 'GET', url: `/adopt/pets/${pet.id}` })).statusCode, 200);
    });

    test('only staff remove an animal, after a confirmation, and never while its order is open', async () => {
      const pet = await addPet(t, { name: 'Nutmeg', categoryId: 1 });
      const page = (await volunteer.get(`/console/animals/${pet.id}`)).body;
      assert.ok(!page.includes(`/console/animals/${pet.id}/remove`), 'a volunteer sees no removal');
      assert.equal((await volunteer.get(`/console/animals/${pet.id}/remove`)).statusCode, 403);
      assert.equal((await volunteer.post(`/console/animals/${pet.id}/remove`, {})).statusCode, 403);
      assert.equal((await apiPet(pet.id)).statusCode, 200);

      const order = await t.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: t.auth,
        payload: { petId: pet.id },
      });
      assert.equal(order.statusCode, 201);
      const orderId = (order.json() as { id: number }).id;
      const edit = (await staff.get(`/console/animals/${pet.id}`)).body;
      assert.match(edit, new RegExp(`Adoption order ${orderId} is open`));
      assert.ok(!edit.includes('id="f-status"'), 'the order alone moves the status');
      const held = await staff.post(`/console/animals/${pet.id}/remove`, {});
      assert.equal(held.statusCode, 409);
      assert.match(held.body, new RegExp(`while adoption order ${orderId} is open`));
      await t.request({ method: 'POST', url: `/v1/store/orders/${orderId}/cancel`, headers: t.auth });

      const confirm = await staff.get(`/console/animals/${pet.id}/remove`);
      assert.match(confirm.body, /Remove Nutmeg\?/);
      assert.equal((await apiPet(pet.id)).statusCode, 200, 'the confirmation page removes nothing');
      const removed = await staff.post(`/console/animals/${pet.id}/remove`, {});
      assert.equal(removed.statusCode, 303);
      assert.equal(removed.headers.location, '/console?done=removed');
      assert.equal((await apiPet(pet.id)).statusCode, 404);
      assert.match((await staff.get('/console?done=removed')).body, /The animal was removed\./);
    });

    test('the breed field suggests the species’ breeds, and the one script is the console’s own', async () => {
      const breeds = (
        await t.request({ method: 'GET', url: '/v1/categories/1/breeds', headers: t.auth })
      ).json() as Array<{
        name: string;
      }>;
      const page = await volunteer.get('/console/animals/new');
      assert.match(page.body, /<input id="f-breed" name="breed"[^>]* list="breeds-1"/);
      const dogs = /<datalist id="breeds-1">(.*?)<\/datalist>/.exec(page.body)?.[1] ?? '';
      assert.equal((dogs.match(/<option /g) ?? []).length, breeds.length);
      assert.ok(breeds.length > 0 && dogs.includes(`value="${breeds[0]!.name}"`));
      const policy = String(page.headers['content-security-policy']);
      assert.match(policy, /script-src 'self'(;|$)/);
      assert.match(policy, /img-src 'self' blob:/);
      const src = /<script src="(\/console\/assets\/console\.[\w-]+\.js)" defer>/.exec(page.body)?.[1];
      assert.ok(src, 'the page loads the console script');
      const script = await t.request({ method: 'GET', url: src });
      assert.equal(script.statusCode, 200, 'served without a session too');
      assert.match(String(script.headers['content-type']), /^text\/javascript/);
      assert.match(String(script.headers['cache-control']), /immutable/);
      assert.ok(!/<script>|<script [^>]*>[^<]/.test(page.body), 'no inline script');
    });

    test('a form with photos posted without the session’s token is refused, and writes nothing', async () => {
      const before = await petCount();
      const page = (await volunteer.get('/console/animals/new')).body;
      assert.ok(csrfOf(page));
      const res = await volunteer.postFiles('/console/animals/new', filledIn, [await photo('x.jpg')], {
        csrf: null,
      });
      assert.equal(res.statusCode, 403);
      assert.deepEqual(await petCount(), before);
    });
    test('an intake sent after its session ended comes back filled once signed in again, photos to choose again', async () => {
      const { browser, email } = await signedInAs(t, 'volunteer');
      const csrf = csrfOf((await browser.get('/console/animals/new')).body)!;
      const before = await petCount();
      await t.app.services.staff.sessions.signOut(browser.sessionId!);
      const named = { ...filledIn, name: 'Resumed Marmalade' };
      const signIn = await browser.postFiles('/console/animals/new', named, [await photo('kept.jpg')], {
        csrf,
      });
      assert.equal(signIn.statusCode, 401);
      assert.match(signIn.body, /Your session ended before your changes were saved/);
      const carried = Object.fromEntries(
        [...signIn.body.matchAll(/name="(carried\.[^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      assert.equal(carried['carried.name'], 'Resumed Marmalade');
      assert.deepEqual(await petCount(), before, 'nothing saved');
      const back = await browser.post('/console/sign-in', {
        email,
        password: strongPassword,
        next: '/console/animals/new',
        ...Object.fromEntries(Object.entries(carried).map(([k, v]) => [k, v.replaceAll('&#10;', '\n')])),
      });
      assert.equal(back.statusCode, 200, back.body.slice(0, 300));
      assert.match(back.body, /What you typed is below and not saved yet: choose any photos again/);
      assert.match(back.body, /id="f-name"[^>]*value="Resumed Marmalade"/);
      assert.match(back.body, /id="f-color"[^>]*value="Ginger"/);
      assert.match(back.body, /Loves a sunny window\.\s*Shy at first\./);
      assert.deepEqual(await petCount(), before, 'still unsaved until sent');
    });
  });
}
