// The services' composition root: every use case of the service, built over one store. The HTTP app and the
// CLI both compose the service through here; neither needs the other.
import type { Config } from '../config.js';
import { createPhotoProcessing, type PhotoProcessing } from '../images/processing-pool.js';
import type { RateLimiter } from '../limits/index.js';
import { createSpeed, type Speed } from '../speed/index.js';
import { databasePhotoStorage } from '../store/photo-storage.js';
import type { Store } from '../store/store.js';
import { createApiKeysService, type ApiKeysService } from './api-keys-service.js';
import { createApplicantDataService, type ApplicantDataService } from './applicant-data-service.js';
import { createOrderLink } from './application-order-link.js';
import { createApplicationWrites } from './application-writes.js';
import { createApplicationsService, type ApplicationsService } from './applications-service.js';
import { createFormTokens, type FormTokens } from './form-tokens.js';
import { createCatalogService, type CatalogService } from './catalog-service.js';
import { createEventsService, type EventsService } from './events-service.js';
import { createIdempotency, type Idempotency } from './idempotency.js';
import { createKeyLimitsService, type KeyLimitsService } from './key-limits-service.js';
import { createOrdersService, type OrdersService } from './orders-service.js';
import { createPetPhotos } from './pet-photos.js';
import { createPetsService, type PetsService } from './pets-service.js';
import { createPhotosService, type PhotosService } from './photos-service.js';
import { createStaff, type Staff } from './staff/index.js';
import { createShelterLogo, type ShelterLogo } from './shelter-logo.js';
import { createShelterService, type ShelterService } from './shelter-service.js';
import { createWebhooksService, type WebhooksService } from './webhooks-service.js';
import { createWrites } from './writes.js';

export interface Services {
  pets: PetsService;
  photos: PhotosService;
  orders: OrdersService;
  apiKeys: ApiKeysService;
  keyLimits: KeyLimitsService;
  idempotency: Idempotency;
  events: EventsService;
  webhooks: WebhooksService;
  catalog: CatalogService;
  shelter: ShelterService;
  shelterLogo: ShelterLogo;
  applications: ApplicationsService;
  applicantData: ApplicantDataService;
  formTokens: FormTokens;
  /** Staff accounts and the console's sessions (src/services/staff/). */
  staff: Staff;
  /** The caches, their versions and the batching the use cases share (src/speed/); closed with the services. */
  speed: Speed;
  /** The child processes that re-encode photos (src/images/processing-pool.ts); closed with the services. */
  photoProcessing: PhotoProcessing;
}

export interface ServicesOptions {
  /**
   * True for a command run beside the servers (the CLI): its writes are refused when the servers keep their
   * versions somewhere else (src/speed/version-home.ts).
   */
  besideServers?: boolean;
}

export async function createServices(
  config: Config,
  store: Store,
  clock: () => number = Date.now,
  limiter?: RateLimiter,
  { besideServers = false }: ServicesOptions = {},
): Promise<Services> {
  const speed = await createSpeed(config, store, { limiter, besideServers });
  const idempotency = createIdempotency(
    store,
    { ttlMs: config.idempotencyTtlSeconds * 1000, waitMs: config.idempotencyWaitMs },
    clock,
  );
  // Every write that a cached read may show goes through `writes`, which announces it (src/services/writes.ts).
  const writes = createWrites(store, speed, idempotency, clock);
  const apiKeys = createApiKeysService(store, config.env, speed, writes, clock);
  // Photos' bytes in the database; another PhotoStorage (an object store) would take its place here alone.
  const photoStorage = databasePhotoStorage(store.db);
  const petPhotos = createPetPhotos(photoStorage, config.publicUrl || '/v1');
  const photoProcessing = createPhotoProcessing({
    size: config.photoProcessingConcurrency,
    queueLength: config.photoProcessingQueue,
    maxWaitMs: config.photoProcessingWaitMs,
  });
  const retention = { closed: config.applicationRetentionDays, adopted: config.adopterRetentionDays };
  const orderLink = createOrderLink(petPhotos, retention);
  const writeApplications = createApplicationWrites(writes);
  return {
    pets: await createPetsService(store, writes, speed, petPhotos, clock),
    photos: createPhotosService(
      store,
      photoStorage,
      petPhotos,
      idempotency,
      writes,
      { perPet: config.photosPerPet, maxPixels: config.photoMaxPixels },
      photoProcessing,
    ),
    orders: await createOrdersService(store, writes, speed, petPhotos, orderLink.follow),
    applications: await createApplicationsService(store, writeApplications, orderLink, retention, clock),
    applicantData: createApplicantDataService(store, writeApplications, clock),
    formTokens: await createFormTokens(store, clock),
    staff: await createStaff(store, config, clock),
    apiKeys,
    keyLimits: createKeyLimitsService(apiKeys, limiter, clock),
    idempotency,
    events: await createEventsService(store, config.eventRetentionDays * 86_400_000, clock),
    webhooks: createWebhooksService(store, config, clock),
    catalog: createCatalogService(store, speed, writes),
    shelter: createShelterService(store, speed, writes, petPhotos, clock),
    // The logo's sizes in a table of their own, with the photos' storage and pipeline.
    shelterLogo: createShelterLogo(
      databasePhotoStorage(store.db, 'logo_renditions'),
      petPhotos,
      writes,
      photoProcessing,
      config.photoMaxPixels,
      clock,
    ),
    speed,
    photoProcessing,
  };
}
