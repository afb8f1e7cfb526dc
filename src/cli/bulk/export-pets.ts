// Exports pets page by page, following Link rel="next", to a stream: one page in memory at a time, and no
// more written before the stream has taken the last. CSV (with a header row) and NDJSON, as import reads them.
// NDJSON lines are the pets as the API answers them; a CSV's `photos` cell has absolute URLs, on --url, as the
// other commands print them, so that a spreadsheet's link opens the photo.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Pet, PetFilters, PetstoreClient } from '@petstore/client';
import type { BulkFormat } from './bulk-format.js';
import { absolutePhoto } from '../photo-urls.js';
import { petColumns } from './pet-columns.js';

/** A CSV cell, quoted when it holds a comma, a quote, a line break or surrounding spaces (RFC 4180). */
const cell = (text: string): string =>
  /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;

const lineOf: Record<BulkFormat, (pet: Pet, baseUrl: string) => string> = {
  csv: (pet, baseUrl) => {
    const shown = { ...pet, photos: pet.photos.map((photo) => absolutePhoto(photo, baseUrl)) };
    return `${petColumns.map((column) => cell(column.write(shown))).join(',')}\n`;
  },
  ndjson: (pet) => `${JSON.stringify(pet)}\n`,
};

async function write(out: Writable, text: string): Promise<void> {
  // A stream that failed takes nothing more, nor ever drains: its error ends the export.
  if (out.errored) throw out.errored;
  if (!out.write(text)) await once(out, 'drain');
}

/** Writes every pet (with `filters`, those they choose) to `out`, in id order; returns how many. */
export async function exportPets(
  client: PetstoreClient,
  {
    filters = {},
    format,
    baseUrl,
    out,
    onProgress,
  }: {
    filters?: PetFilters;
    format: BulkFormat;
    /** The API's URL (--url), on which the CSV makes the photos' URLs absolute. */
    baseUrl: string;
    out: Writable;
    onProgress?: (exported: number) => void;
  },
): Promise<number> {
  if (format === 'csv') await write(out, `${petColumns.map((column) => column.name).join(',')}\n`);
  let exported = 0;
  let page = '';
  for await (const pet of client.listAllPets({ ...filters, limit: 100 })) {
    page += lineOf[format](pet, baseUrl);
    // Written a page's worth at a time: fewer, larger writes, and still only one page held.
    if (++exported % 100 === 0) {
      await write(out, page);
      page = '';
      onProgress?.(exported);
    }
  }
  if (page) await write(out, page);
  onProgress?.(exported);
  return exported;
}
