/**
 * Just enough of the MongoDB driver's Db/Collection, in memory, evaluated by mingo, to run the
 * MongoDB store's own logic (markers, leases, cleanup, projections, queries) through the Store
 * contract on a machine without a MongoDB server. It is not the driver: the contract suite also
 * runs against a real server whenever MONGODB_URL is set (test/store.mongo.test.ts).
 */
import { find as mingoFind, Query, update } from 'mingo';
import { type Db, MongoServerError } from 'mongodb';

type Doc = Record<string, unknown>;
type Sort = Record<string, 1 | -1>;

let ids = 0;

class FakeCursor {
  private s: Sort | null = null;
  private sk = 0;
  private lim = 0;
  private proj: Doc | null = null;
  constructor(private readonly docs: () => Doc[]) {}
  sort(s: Sort) {
    this.s = s;
    return this;
  }
  skip(n: number) {
    this.sk = n;
    return this;
  }
  limit(n: number) {
    this.lim = n;
    return this;
  }
  project(p: Doc) {
    this.proj = p;
    return this;
  }
  async toArray(): Promise<Doc[]> {
    let c = mingoFind(this.docs(), {});
    if (this.s) c = c.sort(this.s);
    if (this.sk) c = c.skip(this.sk);
    if (this.lim) c = c.limit(this.lim);
    const out = structuredClone(c.all() as Doc[]);
    if (!this.proj) return out;
    const keys = Object.keys(this.proj);
    return out.map((d) => Object.fromEntries([['_id', d._id], ...keys.map((k) => [k, d[k]])]));
  }
  async *[Symbol.asyncIterator]() {
    for (const d of await this.toArray()) yield d;
  }
}

class FakeCollection {
  docs: Doc[] = [];
  unique: string[][] = [];
  private match(filter: Doc): Doc[] {
    const q = new Query(filter, {});
    return this.docs.filter((d) => q.test(d));
  }
  private check(doc: Doc, except?: Doc): void {
    for (const keys of this.unique) {
      if (this.docs.some((d) => d !== except && keys.every((k) => JSON.stringify(d[k]) === JSON.stringify(doc[k])))) {
        throw new MongoServerError({ message: `E11000 duplicate key on ${keys.join(',')}`, code: 11000 });
      }
    }
  }
  async createIndex(spec: Record<string, number>, o: { unique?: boolean } = {}) {
    if (o.unique) this.unique.push(Object.keys(spec));
    return 'ok';
  }
  find(filter: Doc = {}) {
    return new FakeCursor(() => this.match(filter));
  }
  async findOne(filter: Doc) {
    return structuredClone(this.match(filter)[0] ?? null);
  }
  async insertOne(doc: Doc) {
    const d = { _id: ids++, ...structuredClone(doc) };
    this.check(d);
    this.docs.push(d);
    return { acknowledged: true, insertedId: d._id };
  }
  async insertMany(docs: Doc[]) {
    for (const d of docs) await this.insertOne(d);
    return { acknowledged: true, insertedCount: docs.length };
  }
  async deleteMany(filter: Doc) {
    const gone = new Set(this.match(filter));
    this.docs = this.docs.filter((d) => !gone.has(d));
    return { deletedCount: gone.size };
  }
  async deleteOne(filter: Doc) {
    const d = this.match(filter)[0];
    if (d) this.docs.splice(this.docs.indexOf(d), 1);
    return { deletedCount: d ? 1 : 0 };
  }
  private apply(d: Doc, u: Doc, inserting: boolean): void {
    const { $setOnInsert, ...rest } = u as { $setOnInsert?: Doc };
    if (Object.keys(rest).length) update(d, structuredClone(rest) as never);
    if (inserting && $setOnInsert) update(d, { $set: structuredClone($setOnInsert) } as never);
  }
  private equalities(filter: Doc): Doc {
    return Object.fromEntries(
      Object.entries(filter).filter(([k, v]) => !k.startsWith('$') && !k.includes('.') && (v === null || typeof v !== 'object')),
    );
  }
  async updateOne(filter: Doc, u: Doc, o: { upsert?: boolean } = {}) {
    const d = this.match(filter)[0];
    if (d) {
      const copy = structuredClone(d);
      this.apply(copy, u, false);
      this.check(copy, d);
      Object.assign(d, copy);
      return { matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
    }
    if (!o.upsert) return { matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
    const n: Doc = { ...this.equalities(filter) };
    this.apply(n, u, true);
    await this.insertOne(n);
    return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
  }
  async findOneAndUpdate(filter: Doc, u: Doc, o: { returnDocument?: 'before' | 'after' } = {}) {
    const d = this.match(filter)[0];
    if (!d) return null;
    const before = structuredClone(d);
    await this.updateOne({ _id: d._id }, u);
    return o.returnDocument === 'after' ? structuredClone(d) : before;
  }
  async replaceOne(filter: Doc, doc: Doc, o: { upsert?: boolean } = {}) {
    const d = this.match(filter)[0];
    if (d) {
      const n = { _id: d._id, ...structuredClone(doc) };
      this.check(n, d);
      this.docs[this.docs.indexOf(d)] = n;
      return { matchedCount: 1 };
    }
    if (o.upsert) await this.insertOne(doc);
    return { matchedCount: 0 };
  }
  async distinct(key: string, filter: Doc) {
    return [...new Set(this.match(filter).map((d) => d[key]))];
  }
  async bulkWrite(ops: Doc[]) {
    for (const op of ops) {
      const [[kind, a]] = Object.entries(op) as [[string, Doc]];
      if (kind === 'replaceOne') await this.replaceOne(a.filter as Doc, a.replacement as Doc, { upsert: a.upsert as boolean });
      else if (kind === 'deleteOne') await this.deleteOne(a.filter as Doc);
      else if (kind === 'deleteMany') await this.deleteMany(a.filter as Doc);
      else throw new Error(`fake bulkWrite: ${kind}`);
    }
    return { ok: 1 };
  }
}

/** A fresh in-memory database: several stores opened on it behave like several processes on one server. */
export function fakeDb(): Db {
  const cols = new Map<string, FakeCollection>();
  return { collection: (name: string) => cols.get(name) ?? cols.set(name, new FakeCollection()).get(name)! } as unknown as Db;
}
