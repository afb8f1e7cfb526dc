// `/console/catalogue`: the categories of animals with the breeds of each, for every role to read, and for
// the roles whose scopes allow it (`catalog:write`: staff and admin) the forms to add a category, rename one
// and add a breed to one. Each change goes through the catalogue service, checked by the schema of its API
// operation (POST /v1/categories, PATCH /v1/categories/{categoryId}, POST /v1/categories/{categoryId}/breeds)
// and by the service's own rule on names; a refused name comes back in its form, as typed, with its error.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Breed, Category } from '../../domain/category.js';
import { idOfText } from '../../domain/resource-id.js';
import { allows } from '../../domain/scopes.js';
import { ApiError } from '../../errors/api-error.js';
import type { FormField } from '../public/application-fields.js';
import { catalogueListsOf } from './catalogue-lists.js';
import { catalogueFields, nameErrors, nameOf, type CatalogueOperation } from './catalogue-form.js';
import { CatalogueContent, cataloguePath } from './catalogue-page.js';
import { seeOther, sendForbidden, sendNotFound, type ConsoleContext } from './console-page.js';
import { sendFormPage, type Refusal } from './form-page.js';

interface CatalogueView extends Refusal {
  /** What was typed, by field name. */
  values: Record<string, string>;
  /** The `done`, `category` and `breed` of the redirect after a change. */
  done?: Record<string, string | undefined>;
  info?: string;
}

export function catalogueRoutes(scope: FastifyInstance, context: ConsoleContext): void {
  const { catalog, speed } = scope.services;
  const m = context.messages.console.catalogue;
  const fields = catalogueFields(context.messages);

  /** What the last change did, named from the lists as they are now. */
  function doneNotice(done: CatalogueView['done'], categories: Category[], breeds: Breed[][]) {
    const at = categories.findIndex((category) => category.id === idOfText(done?.category));
    const category = categories[at];
    if (!category) return undefined;
    if (done?.done === 'added') return m.added(category.name);
    if (done?.done === 'renamed') return m.renamed(category.name);
    const breed = breeds[at]!.find((b) => b.id === idOfText(done?.breed));
    return done?.done === 'breed-added' && breed ? m.breedAdded(breed.name, category.name) : undefined;
  }

  async function show(request: FastifyRequest, reply: FastifyReply, status: number, view: CatalogueView) {
    const signedIn = request.signedIn!;
    const lists = await catalogueListsOf(catalog, speed.view(true));
    const { categories } = lists;
    const breeds = categories.map((category) => lists.breeds.get(category.id)!);
    return sendFormPage(
      context,
      request,
      reply,
      status,
      m.title,
      view,
      <CatalogueContent
        messages={context.messages}
        categories={categories}
        breeds={breeds}
        values={view.values}
        errors={view.errors}
        info={view.info ?? doneNotice(view.done, categories, breeds)}
        csrfToken={allows(signedIn.scopes, 'createCategory') ? signedIn.csrfToken : undefined}
      />,
    );
  }

  /**
   * A POST of one of the forms: refused by the role (403), by the operation's schema (400) or by the service
   * (409 for a name taken in any case), the page comes back with the name as typed; else back to the page.
   */
  async function change(
    request: FastifyRequest,
    reply: FastifyReply,
    operation: CatalogueOperation,
    field: FormField,
    run: (name: string) => Promise<string>,
  ) {
    if (!allows(request.signedIn!.scopes, operation)) return sendForbidden(context, request, reply);
    const values = request.body as Record<string, string>;
    const name = nameOf(operation, values[field.name] ?? '');
    const errors = nameErrors(operation, field, name, context.messages);
    if (errors.length > 0) return show(request, reply, 400, { values, errors });
    let done;
    try {
      done = await run(name);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      if (error.code === 'category_not_found') return sendNotFound(context, request, reply);
      return show(request, reply, error.status, { values, errors: [{ field, message: error.message }] });
    }
    return seeOther(reply, `${cataloguePath}?${done}`);
  }

  // A form posted after the session ended comes back, once signed in again, with what was typed.
  context.resumable.push({
    path: /^\/console\/catalogue\/categories(\/[1-9][0-9]{0,15}(\/breeds)?)?$/,
    resume: (request, reply, _path, values) =>
      show(request, reply, 200, { values, errors: [], info: m.resumed }),
  });

  scope.get('/catalogue', async (request, reply) =>
    show(request, reply, 200, {
      values: {},
      errors: [],
      done: request.query as Record<string, string | undefined>,
    }),
  );

  scope.post('/catalogue/categories', async (request, reply) =>
    change(request, reply, 'createCategory', fields.createCategory(), async (name) => {
      const category = await catalog.createCategory(name);
      return `done=added&category=${category.id}`;
    }),
  );

  /** A POST of one category's form: 404 for no such category (a malformed id included), else the change. */
  const categoryForm = (
    path: string,
    operation: 'renameCategory' | 'createBreed',
    run: (category: Category, name: string) => Promise<string>,
  ) =>
    scope.post<{ Params: { id: string } }>(path, async (request, reply) => {
      const id = idOfText(request.params.id);
      const categories = await catalog.listCategories(speed.view(true));
      const category = categories.find((c) => c.id === id);
      if (!category) return sendNotFound(context, request, reply);
      return change(request, reply, operation, fields[operation](category), (name) => run(category, name));
    });

  categoryForm('/catalogue/categories/:id', 'renameCategory', async (category, name) => {
    await catalog.renameCategory(category.id, name);
    return `done=renamed&category=${category.id}`;
  });

  categoryForm('/catalogue/categories/:id/breeds', 'createBreed', async (category, name) => {
    const breed = await catalog.createBreed(category.id, name);
    return `done=breed-added&category=${category.id}&breed=${breed.id}`;
  });
}
