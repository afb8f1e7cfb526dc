// The messages between the service and its photo-processing children (processing-pool.ts, processing-child.ts).
import type { UploadType } from '../domain/photo.js';
import type { ErrorCode } from '../errors/catalogue.js';
import type { ProcessedPhoto } from './process-photo.js';

export interface ChildJob {
  id: number;
  bytes: Uint8Array;
  declared: UploadType;
  maxPixels: number;
}

export type ChildAnswer = { id: number } & (
  | { processed: ProcessedPhoto }
  /** A refusal from the catalogue (415, 422, 400), its message as the child wrote it. */
  | { refusal: { code: ErrorCode; message: string } }
  /** Anything else, which the service answers as its own failure. */
  | { failure: string }
);
