// Peer: GET /v1/pets written the everyday Express 4 way, on the same SQLite file as the service: the same
// keyset query, a bearer check against the same key table, a per-key minute counter in memory, and each row
// shaped by the service's own mapping, so that both send the same pets.
import { createHash } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import express from 'express';
import { toPet } from '../../src/services/pet-record.js';
import type { PetRow } from '../../src/store/schema.js';
import { portArgument } from '../baselines/harness.js';

const file = process.env.PETS_DB;
if (!file) throw new Error('PETS_DB must name the SQLite file');
const db = new SqliteDatabase(file, { readonly: true });
const findKey = db.prepare('select id, per_minute from api_keys where key_hash = ? and revoked_at is null');
const listAll = db.prepare('select * from pets where removed_at is null and id > ? order by id limit ?');
const listByStatus = db.prepare(
  'select * from pets where removed_at is null and status = ? and id > ? order by id limit ?',
);

const statuses = new Set(['available', 'pending', 'sold']);
const counters = new Map<string, { minute: number; count: number }>();

const app = express();
app.get('/v1/pets', (req, res) => {
  const key = /^Bearer +(\S+)$/i.exec(req.get('authorization') ?? '')?.[1];
  const record = key
    ? (findKey.get(createHash('sha256').update(key).digest('hex')) as
        { id: string; per_minute: number } | undefined)
    : undefined;
  if (!record)
    return res.status(401).json({ code: 'invalid_api_key', message: 'Invalid API key', status: 401 });

  const minute = Math.floor(Date.now() / 60_000);
  const counter = counters.get(record.id);
  const used = counter && counter.minute === minute ? ++counter.count : 1;
  if (used === 1) counters.set(record.id, { minute, count: 1 });
  res.set('x-ratelimit-limit', String(record.per_minute));
  res.set('x-ratelimit-remaining', String(Math.max(0, record.per_minute - used)));
  if (used > record.per_minute)
    return res.status(429).json({ code: 'rate_limited', message: 'Slow down', status: 429 });

  const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
  const status = req.query.status;
  if (
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > 100 ||
    (status !== undefined && !statuses.has(String(status)))
  ) {
    return res.status(400).json({ code: 'validation_failed', message: 'Invalid request', status: 400 });
  }
  const after = Number(req.query.after ?? 0);
  const rows = (
    status === undefined ? listAll.all(after, limit) : listByStatus.all(status, after, limit)
  ) as PetRow[];
  // The seeded pets have no photos.
  res.json(rows.map((row) => toPet(row, [])));
});
app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));

app.listen(portArgument(), '127.0.0.1');
