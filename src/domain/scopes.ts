// What an API key may do: the scopes, and the one table that maps each operation to the scopes that allow it.
// Route registration, the OpenAPI security requirements, the docs and the scope tests all read this table.

export const scopeNames = [
  'pets:read',
  'pets:write',
  'pets:remove',
  'orders:write',
  'orders:manage',
  'events:read',
  'catalog:write',
  'applications:submit',
  'applications:read',
  'applications:manage',
  'shelter:write',
] as const;
export type Scope = (typeof scopeNames)[number];

export const isScope = (value: string): value is Scope => (scopeNames as readonly string[]).includes(value);

/**
 * The scopes that allow each operation, by operationId: any one of them suffices. Where `orders:write`
 * allows an order operation, it reaches only the orders the calling key placed; `orders:manage` reaches all.
 */
export const operationScopes = {
  listPets: ['pets:read'],
  getPet: ['pets:read'],
  createPet: ['pets:write'],
  updatePet: ['pets:write'],
  removePet: ['pets:remove'],
  uploadPhoto: ['pets:write'],
  movePhoto: ['pets:write'],
  removePhoto: ['pets:write'],
  getInventory: ['pets:read'],
  placeOrder: ['orders:write'],
  listOrders: ['orders:write', 'orders:manage'],
  getOrder: ['orders:write', 'orders:manage'],
  cancelOrder: ['orders:write', 'orders:manage'],
  approveOrder: ['orders:manage'],
  completeOrder: ['orders:manage'],
  listEvents: ['events:read'],
  listCategories: ['pets:read'],
  listBreeds: ['pets:read'],
  createCategory: ['catalog:write'],
  renameCategory: ['catalog:write'],
  createBreed: ['catalog:write'],
  submitApplication: ['applications:submit'],
  getApplicationForm: ['applications:submit', 'applications:manage'],
  replaceApplicationForm: ['applications:manage'],
  listApplications: ['applications:read'],
  countApplications: ['applications:read'],
  getApplication: ['applications:read'],
  reviewApplication: ['applications:manage'],
  approveApplication: ['applications:manage'],
  declineApplication: ['applications:manage'],
  withdrawApplication: ['applications:manage'],
  addApplicationNote: ['applications:manage'],
  getApplicant: ['applications:manage'],
  eraseApplicant: ['applications:manage'],
  getShelter: ['pets:read'],
  updateShelter: ['shelter:write'],
  putShelterLogo: ['shelter:write'],
  removeShelterLogo: ['shelter:write'],
} as const satisfies Record<string, readonly Scope[]>;

export type OperationId = keyof typeof operationScopes;

/** Whether a key holding `held` may call the operation. */
export const allows = (held: readonly Scope[], operation: OperationId): boolean =>
  operationScopes[operation].some((scope) => held.includes(scope));

/** Whether a key reaches every order, rather than only those it placed. */
export const managesAllOrders = (held: readonly Scope[]): boolean => held.includes('orders:manage');

/** Whether a key may read applications: a submission is then answered whole, not as a receipt. */
export const readsApplications = (held: readonly Scope[]): boolean => held.includes('applications:read');
