import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "./connection.js";

describe("the SQLite statement cache", () => {
  it("reuses a statement for the same SQL and never hands out one that is still iterating", () => {
    const sqlite = new SQLite(":memory:");
    sqlite.exec("create table t (n integer); insert into t values (1), (2), (3);");
    const db = withStatementCache(sqlite, 2);
    const first = db.prepare("select n from t");
    expect(db.prepare("select n from t")).toBe(first);
    const iterator = first.iterate([]);
    iterator.next();
    const second = db.prepare("select n from t");
    expect(second).not.toBe(first);
    expect(second.all([])).toHaveLength(3);
    iterator.return?.();
    // Least recently used statements leave the cache when it is full.
    db.prepare("select 1");
    db.prepare("select 2");
    expect(db.prepare("select n from t")).not.toBe(first);
    db.close();
  });
});
