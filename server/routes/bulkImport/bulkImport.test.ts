import Papa from "papaparse";
import * as XLSX from "xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { BULK_IMPORT_MESSAGES, DUPLICATE_ROW_FIELD, IMPORT_NOTHING_LABEL, IMPORT_READY_LABEL, IMPORT_STATUS_LABELS, MESSAGES, RESOURCE_MESSAGES, RESOURCE_URL_MAX, type BulkImport } from "../../../contract/index.js";
import { buildAttribute, buildUser } from "../../test/factories.js";
import { buildXlsx, sheetXml } from "../../test/xlsxFixture.js";
import { type TestClient } from "../../test/testServer.js";
import { useTestServer } from "../../test/useServer.js";

const { server } = useTestServer({ seedDemo: true, env: { IMPORT_POLL_MS: "100", IMPORT_BATCH_SIZE: "7", IMPORT_MAX_EXPANDED_MB: "20" } });
let importer: TestClient;
let importerId: number;

const csv = (text: string) => ({ name: "resources.csv", data: new TextEncoder().encode(text), type: "text/csv" });

/** Polls an import until it leaves created/processing (or has an import-level error). */
async function settled(client: TestClient, link: string, want?: BulkImport["status"]): Promise<BulkImport> {
  const deadline = Date.now() + 30000;
  for (;;) {
    const res = await client.get<BulkImport>(link);
    expect(res.status).toBe(200);
    const done = res.body.import_results_summary.error || (want ? res.body.status === want : !["created", "processing"].includes(res.body.status));
    if (done) return res.body;
    if (Date.now() > deadline) throw new Error(`import still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function uploadCsv(client: TestClient, text: string): Promise<string> {
  const res = await client.postFiles("/api/bulk-importer/resource/upload", { file: csv(text) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.link as string;
}

beforeAll(async () => {
  const user = await buildUser(server.db, { permissions: ["bulk_importer"] });
  importerId = user.id;
  importer = server.client();
  await importer.signIn(user.username!, user.password);
});

describe("who may import", () => {
  it("asks guests to sign in and refuses members without the bulk_importer permission", async () => {
    expect((await server.client().postFiles("/api/bulk-importer/resource/upload", { file: csv("Title\nA") })).status).toBe(401);
    const member = await buildUser(server.db);
    const client = server.client();
    await client.signIn(member.username!, member.password);
    const res = await client.postFiles("/api/bulk-importer/resource/upload", { file: csv("Title\nA") });
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
  });

  it("shows an import only to its importer and to admins", async () => {
    const link = await uploadCsv(importer, "Title,URL\nShared Thing,https://example.org/a\n");
    const other = await buildUser(server.db, { permissions: ["bulk_importer"] });
    const otherClient = server.client();
    await otherClient.signIn(other.username!, other.password);
    expect((await otherClient.get(link)).status).toBe(404);
    expect((await otherClient.post(`${link}/start`)).status).toBe(404);
    expect((await server.client().get(link)).status).toBe(401);
    const admin = await buildUser(server.db, { admin: true });
    const adminClient = server.client();
    await adminClient.signIn(admin.username!, admin.password);
    expect((await adminClient.get(link)).status).toBe(200);
  });

  it("answers a guest 401 with the sign-in message on every call about an import, before reading its input", async () => {
    const link = await uploadCsv(importer, "Title,URL\nGuarded,https://example.org/g\n");
    const guest = server.client();
    const calls: [string, string, unknown?][] = [
      ["GET", link],
      ["GET", `${link}/imported-items?page=abc`],
      ["POST", `${link}/user-mappings`, { userMappings: "bad" }],
      ["POST", `${link}/import-settings`, {}],
      ["POST", `${link}/start`],
      ["POST", `${link}/retry`],
      ["POST", `${link}/upload-new-file`],
      ["GET", "/api/bulk-importer/imports/no-such-import"],
      ["GET", "/profile/autocomplete/change-ownership?st[]=a"],
    ];
    for (const [method, path, body] of calls) {
      const res = await guest.request(method, path, body);
      expect([res.status, res.body], `${method} ${path}`).toEqual([401, { message: MESSAGES.signInRequired }]);
    }
  });

  it("rejects a missing file, another extension and an unknown model type with the import's messages", async () => {
    const missing = await importer.postFiles("/api/bulk-importer/resource/upload", { note: "no file" });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe(BULK_IMPORT_MESSAGES.fileRequired);
    const wrong = await importer.postFiles("/api/bulk-importer/resource/upload", { file: { name: "list.txt", data: new TextEncoder().encode("Title\nA") } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(BULK_IMPORT_MESSAGES.fileType);
    expect((await importer.postFiles("/api/bulk-importer/lesson_plan/upload", { file: csv("Title\nA") })).status).toBe(404);
  });

  it("answers a malformed upload with 400 and a message, never a 500", async () => {
    const token = await importer.token();
    const bodies: [string, string][] = [
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nTitle'],
      ["multipart/form-data; boundary=x", "--x\r\nnot a header\r\n\r\n--x--"],
      ["multipart/form-data", "no boundary"],
    ];
    for (const [type, body] of bodies) {
      const res = await importer.request("POST", "/api/bulk-importer/resource/upload", body, { "content-type": type, "x-csrf-token": token });
      expect([res.status, res.body.message], body).toEqual([400, "The upload could not be read."]);
    }
  });
});

describe("the sample file", () => {
  for (const format of ["csv", "xlsx"] as const) {
    it(`imports cleanly as it is (${format}), and every item is found by search at once`, async () => {
      const sample = await fetch(`${server.url}/api/bulk-importer/resource/sample?format=${format}`);
      expect(sample.status).toBe(200);
      expect(sample.headers.get("content-disposition")).toContain(`.${format}`);
      const bytes = new Uint8Array(await sample.arrayBuffer());
      const res = await importer.postFiles("/api/bulk-importer/resource/upload", { file: { name: `sample.${format}`, data: bytes } });
      expect(res.status).toBe(200);
      expect(res.body.data.redirect).toMatch(/^\/bulk-import\//);
      const link = res.body.data.link as string;
      const ready = await settled(importer, link);
      expect(ready.status).toBe("preprocessed");
      expect(ready.import_results_summary).toMatchObject({ total: 3, rows_with_errors: 0, rows_requiring_input: 0 });
      expect(ready.fields.find((f) => f.key === "grades")?.column).toBe("Grades");
      expect(ready.abilities.start).toBe(true);
      expect(ready.status_label).toBe(IMPORT_READY_LABEL);
      expect((await importer.post(`${link}/start`)).status).toBe(200);
      const done = await settled(importer, link, "completed");
      expect(done.import_results_summary.imported).toBe(3);
      const items = await importer.get(`${link}/imported-items`);
      expect(items.body.total).toBe(3);
      expect(items.body.per_page).toBe(16);
      const search = await server.client().get(`/api/search?st=${encodeURIComponent("photosynthesis lab worksheet")}`);
      expect(search.body.data.map((d: { title: string }) => d.title)).toContain("Photosynthesis Lab Worksheet");
      const row = await server.db.selectFrom("content").select(["id", "extra_data", "owner_id"]).where("id", "=", items.body.data[0].id).executeTakeFirstOrThrow();
      expect(row.owner_id).toBe(importerId);
      expect(JSON.parse(row.extra_data!).authors_list[0]).toEqual({ name: "Ada Lovelace", url: "https://example.org/ada" });
      // The item's answer carries them (its page's About card), and search finds the item by an author's name.
      const first = items.body.data[0] as { link: string; title: string };
      const page = await server.client().get(`/api/content${first.link}`);
      expect(page.body.extra_data.authors_list[0]).toEqual({ name: "Ada Lovelace", url: "https://example.org/ada" });
      expect(page.body.extra_data.authors).toContain("Ada Lovelace");
      const byAuthor = await server.client().get("/api/search?st=lovelace");
      expect(byAuthor.body.data.map((d: { link: string }) => d.link)).toContain(first.link);
      const attributes = await server.db.selectFrom("content_attributes").select("attr_item_id").where("content_id", "=", row.id).execute();
      expect(attributes.length).toBeGreaterThan(3);
      // An imported item deleted since is no longer listed, nor counted.
      const deleted = items.body.data[2] as { id: number; link: string };
      expect((await importer.send("DELETE", `/api/content${deleted.link}`)).status).toBe(200);
      const after = await importer.get(`${link}/imported-items`);
      expect([after.body.total, after.body.data.length]).toEqual([2, 2]);
    });
  }

  it("reads the CSV sample with rows added in an editor that ends lines with LF alone as comma-separated, though its list cells hold semicolons", async () => {
    const text = await (await fetch(`${server.url}/api/bulk-importer/resource/sample`)).text();
    expect(text).toContain("\r\n");
    // Papaparse's guess from the first rows took ";" here, and the header was one cell: "no title column".
    const added = ["Volcanoes Intro", "Dinosaurs Intro", "Oceans Intro", "Deserts Intro"].map((title, i) => `${title},All about it,https://example.org/intro/${i},geology,,Grade 5,Science,,Video,Free,,`);
    const ready = await settled(importer, await uploadCsv(importer, `${text.trimEnd()}\n${added.join("\n")}\n`));
    expect([ready.status, ready.import_results_summary.error, ready.import_results_summary.total]).toEqual(["preprocessed", null, 7]);
    expect(ready.fields.find((f) => f.key === "grades")?.column).toBe("Grades");
  });

  it("tags each example with values that fit it where the installation's trees hold them", async () => {
    const text = await (await fetch(`${server.url}/api/bulk-importer/resource/sample`)).text();
    const [header, ...rows] = Papa.parse<string[]>(text.trim()).data;
    const column = (row: string[], label: string) => row[header!.indexOf(label)];
    const photosynthesis = rows.find((row) => row[0] === "Photosynthesis Lab Worksheet")!;
    expect(["Grades", "Subjects", "Standards", "Resource Category", "Industries"].map((label) => column(photosynthesis, label))).toEqual([
      "Grade 6; Grade 7",
      "Photosynthesis",
      "NGSS.LS.1",
      "Worksheet",
      "Agriculture",
    ]);
    expect(column(rows[0]!, "Subjects")).toBe("Fractions");
  });
});

describe("query parameters", () => {
  it("refuses a bad one with a 422 and a message in words, and takes an empty one as its default", async () => {
    const guest = server.client();
    expect((await guest.get("/api/bulk-importer/resource/sample?format=pdf")).body).toMatchObject({ message: "format must be csv or xlsx." });
    expect((await guest.get("/api/bulk-importer/resource/sample?format=pdf")).status).toBe(422);
    expect((await guest.get("/api/bulk-importer/resource/sample?format[]=xlsx")).status).toBe(422);
    const empty = await fetch(`${server.url}/api/bulk-importer/resource/sample?format=`);
    expect([empty.status, empty.headers.get("content-disposition")]).toEqual([200, 'attachment; filename="resources-import-sample.csv"']);

    const link = await uploadCsv(importer, "Title,URL\nPaged,https://example.org/p\n");
    const bad: [string, string][] = [
      ["abc", "page must be a number."],
      ["0", "page must be 1 or more."],
      ["2.5", "page must be a whole number."],
      ["100001", "page may be at most 100000."],
    ];
    for (const [page, message] of bad) {
      const res = await importer.get(`${link}/imported-items?page=${page}`);
      expect([res.status, res.body.message], page).toEqual([422, message]);
    }
    expect((await importer.get(`${link}/imported-items?page=`)).body).toMatchObject({ page: 1, data: [] });
    expect((await importer.get(`${link}/imported-items?page=2`)).body).toMatchObject({ page: 2 });

    const owners = await importer.get("/profile/autocomplete/change-ownership?st[]=a");
    expect([owners.status, owners.body.message]).toEqual([422, "st must be text."]);
    expect((await importer.get("/profile/autocomplete/change-ownership")).body).toEqual({ data: [] });
  });
});

describe("preprocessing, choices and starting", () => {
  let link: string;
  let ecologyA: number;
  let ecologyB: number;
  let owner: number;

  beforeAll(async () => {
    const science = await buildAttribute(server.db, "subjects", "Science Imports");
    const geo = await buildAttribute(server.db, "subjects", "Geography Imports");
    ecologyA = await buildAttribute(server.db, "subjects", "Limnology", science);
    ecologyB = await buildAttribute(server.db, "subjects", "Limnology", geo);
    owner = (await buildUser(server.db, { name: "Olive Owner" })).id;
    link = await uploadCsv(
      importer,
      [
        "Title,Description,URL,Keywords,Subjects,__proto__",
        "River Study,Water quality,https://example.org/river,rivers,Limnology,x",
        ",No title here,https://example.org/untitled,,,",
        "Bad Link,Broken,ftp://example.org/file,,,",
        "Odd Keywords,Words,https://example.org/kw,fine; bad$word,,",
        "Basket Weaving,Crafts,https://example.org/basket,,Underwater Basket Weaving,",
        "River Study,Water quality,https://example.org/river,rivers,Limnology,",
      ].join("\n"),
    );
  });

  it("lists every row error as the form reports it, and the values that need a choice", async () => {
    const ready = await settled(importer, link);
    expect(ready.status).toBe("preprocessed");
    const summary = ready.import_results_summary;
    expect(summary.total).toBe(6);
    // Row 7 repeats row 2: it is listed (naming row 2) and skipped, not silently dropped.
    expect(summary.rows_with_errors).toBe(4);
    expect(summary.rows_requiring_input).toBe(2);
    expect(summary.errors).toEqual([
      { row_number: 3, field: "title", message: RESOURCE_MESSAGES.titleRequired, value: "" },
      { row_number: 4, field: "url", message: RESOURCE_MESSAGES.urlInvalid, value: "ftp://example.org/file" },
      { row_number: 5, field: "keywords", message: RESOURCE_MESSAGES.keywordInvalid, value: "fine; bad$word" },
      { row_number: 7, field: DUPLICATE_ROW_FIELD, message: "This row has the same title and URL as row 2, which is imported; this one is skipped.", value: "River Study" },
    ]);
    const subjects = summary.required_input.subjects!;
    expect(subjects.ambiguous.Limnology!.map((o) => o.id).sort()).toEqual([ecologyA, ecologyB].sort());
    expect(subjects.ambiguous.Limnology!.map((o) => o.path)).toContain("Science Imports › Limnology");
    expect(subjects.missing).toEqual(["Underwater Basket Weaving"]);
    expect(ready.unresolved_values).toBe(2);
    expect(ready.status_label).toBe(IMPORT_STATUS_LABELS.preprocessed);
    expect(ready.abilities).toMatchObject({ edit: true, start: false, upload_new_file: true });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("asks no choice for a value found only in a row with errors (that row is skipped)", async () => {
    const skipped = await uploadCsv(
      importer,
      ["Title,URL,Subjects", "Kelp Forests,https://example.org/kelp,", "Broken Kelp,ftp://example.org/kelp,Underwater Kelp Weaving"].join("\n"),
    );
    const ready = await settled(importer, skipped);
    expect(ready.status).toBe("preprocessed");
    expect(ready.import_results_summary).toMatchObject({ total: 2, rows_with_errors: 1, rows_requiring_input: 0 });
    expect(ready.import_results_summary.required_input.subjects?.missing ?? []).toEqual([]);
    expect(ready.unresolved_values).toBe(0);
    expect(ready.abilities).toMatchObject({ start: true, upload_new_file: true });
    expect(ready.status_label).toBe(IMPORT_READY_LABEL);
  });

  it("lists a row that repeats an earlier one (any case and spacing) and asks no choice for a value only the repeat has", async () => {
    const repeated = await uploadCsv(
      importer,
      [
        "Title,URL,Subjects",
        "Sea Otters,https://example.org/otters,",
        "Tide Charts,https://example.org/tides,",
        " sea otters ,HTTPS://EXAMPLE.ORG/OTTERS,Underwater Otter Juggling",
        "Sea Otters,https://example.org/otters-2,",
        "Sea Otters,https://example.org/otters,",
      ].join("\n"),
    );
    const ready = await settled(importer, repeated);
    expect(ready.status).toBe("preprocessed");
    expect(ready.import_results_summary).toMatchObject({ total: 5, rows_with_errors: 2, rows_requiring_input: 0 });
    expect(ready.import_results_summary.errors.map((e) => [e.row_number, e.field, e.message])).toEqual([
      [4, DUPLICATE_ROW_FIELD, "This row has the same title and URL as row 2, which is imported; this one is skipped."],
      [6, DUPLICATE_ROW_FIELD, "This row has the same title and URL as row 2, which is imported; this one is skipped."],
    ]);
    expect(ready.import_results_summary.required_input.subjects?.missing ?? []).toEqual([]);
    expect([ready.unresolved_values, ready.abilities.start]).toEqual([0, true]);
    expect((await importer.post(`${repeated}/start`)).status).toBe(200);
    const done = await settled(importer, repeated, "completed");
    expect(done.import_results_summary.imported).toBe(3);
    const items = (await importer.get(`${repeated}/imported-items`)).body.data as { title: string; row_number: number }[];
    expect(items.map((i) => i.row_number).sort()).toEqual([2, 3, 5]);
  });

  it("says there is nothing to import, not that it waits for input, when every row has an error", async () => {
    const broken = await settled(importer, await uploadCsv(importer, "Title,URL\nBroken Kelp,ftp://example.org/kelp\n"));
    expect(broken.status).toBe("preprocessed");
    expect([broken.unresolved_values, broken.abilities.start, broken.status_label]).toEqual([0, false, IMPORT_NOTHING_LABEL]);
  });

  it("refuses to start while values wait for a choice, and refuses choices outside the tree", async () => {
    const start = await importer.post(`${link}/start`);
    expect(start.status).toBe(409);
    expect(start.body.message).toBe(BULK_IMPORT_MESSAGES.notStartable);
    const grade = await server.db.selectFrom("attribute_items as i").innerJoin("attribute_types as t", "t.id", "i.type_id").select("i.id").where("t.key", "=", "grades").executeTakeFirst();
    const wrongTree = await buildAttribute(server.db, "grades", "Grade Imports");
    const bad = await importer.post(`${link}/user-mappings`, { userMappings: { subjects: { ambiguous: { Limnology: [grade?.id ?? wrongTree] }, missing: {} } } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(BULK_IMPORT_MESSAGES.unknownAttribute);
    const badOwner = await importer.post(`${link}/import-settings`, { importSettings: { owner: 987654 } });
    expect(badOwner.status).toBe(422);
    // Ids beyond the databases' integers (PostgreSQL refused to compare them: a 500).
    expect((await importer.post(`${link}/import-settings`, { importSettings: { owner: 9999999999 } })).status).toBe(422);
    expect((await importer.post(`${link}/user-mappings`, { userMappings: { subjects: { ambiguous: { Limnology: [9999999999] }, missing: {} } } })).status).toBe(422);
  });

  it("imports with the user's choices and owner, skipping rows with errors and the repeated row", async () => {
    const mapped = await importer.post<BulkImport>(`${link}/user-mappings`, { userMappings: { subjects: { ambiguous: { Limnology: [ecologyB] }, missing: { "Underwater Basket Weaving": [ecologyA] } } } });
    expect(mapped.status).toBe(200);
    expect(mapped.body.unresolved_values).toBe(0);
    expect(mapped.body.status_label).toBe(IMPORT_READY_LABEL);
    const settings = await importer.post<BulkImport>(`${link}/import-settings`, { importSettings: { owner } });
    expect(settings.body.import_settings).toEqual({ owner, owner_name: "Olive Owner" });
    expect((await importer.post(`${link}/start`)).status).toBe(200);
    const done = await settled(importer, link, "completed");
    expect(done.import_results_summary.imported).toBe(2);
    expect(done.progress).toEqual({ done: 6, total: 6 });
    const items = (await importer.get(`${link}/imported-items`)).body.data as { id: number; title: string; row_number: number }[];
    expect(items.map((i) => [i.title, i.row_number])).toEqual([
      ["River Study", 2],
      ["Basket Weaving", 6],
    ]);
    const river = await server.db.selectFrom("content_attributes").select("attr_item_id").where("content_id", "=", items[0]!.id).execute();
    expect(river.map((r) => r.attr_item_id)).toEqual([ecologyB]);
    const basket = await server.db.selectFrom("content").select(["owner_id"]).where("id", "=", items[1]!.id).executeTakeFirstOrThrow();
    expect(basket.owner_id).toBe(owner);
  });

  it("refuses changes once the import is no longer waiting for input", async () => {
    const res = await importer.post(`${link}/user-mappings`, { userMappings: {} });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(BULK_IMPORT_MESSAGES.notEditable);
    expect((await importer.post(`${link}/start`)).status).toBe(409);
  });

  it("imports a corrected file without duplicating the rows already imported", async () => {
    const res = await importer.postFiles(`${link}/upload-new-file`, {
      file: csv(
        [
          "Title,Description,URL,Keywords,Subjects",
          "River Study,Water quality,https://example.org/river,rivers,Science Imports",
          "Untitled No More,Now titled,https://example.org/untitled,,",
          "Bad Link,Fixed,https://example.org/file,,",
          "Odd Keywords,Words,https://example.org/kw,fine,",
        ].join("\n"),
      ),
    });
    expect(res.status).toBe(200);
    const ready = await settled(importer, link);
    expect(ready.status).toBe("preprocessed");
    expect(ready.import_results_summary).toMatchObject({ total: 4, rows_with_errors: 0, already_imported: 1 });
    expect((await importer.post(`${link}/start`)).status).toBe(200);
    const done = await settled(importer, link, "completed");
    expect(done.import_results_summary.imported).toBe(5);
    const rivers = await server.db.selectFrom("content").select("id").where("title", "=", "River Study").execute();
    expect(rivers).toHaveLength(1);
  });
});

describe("workbooks with several sheets", () => {
  const workbook = (sheets: [string, string[][]][]) => {
    const book = XLSX.utils.book_new();
    for (const [name, rows] of sheets) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
    return { name: "resources.xlsx", data: new Uint8Array(XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer) };
  };

  it("reads the first sheet with a title column when an instructions sheet comes first, and only that sheet", async () => {
    const file = workbook([
      ["Instructions", [["How to fill this in"], ["One resource per row, on the Resources sheet."]]],
      ["Resources", [["Title", "URL"], ["Sheet Two Otters", "https://example.org/sheet-two/otters"], ["Sheet Two Tides", "https://example.org/sheet-two/tides"]]],
      ["Archive", [["Title", "URL"], ["Old Archived Row", "https://example.org/archived"]]],
    ]);
    const res = await importer.postFiles("/api/bulk-importer/resource/upload", { file });
    expect(res.status).toBe(200);
    const ready = await settled(importer, res.body.data.link as string);
    expect([ready.status, ready.import_results_summary.error, ready.import_results_summary.total]).toEqual(["preprocessed", null, 2]);
  });

  it("numbers rows as the spreadsheet shows them: a blank row is skipped but counted, in a CSV and in a workbook", async () => {
    const rows = [["Title", "URL"], ["Blank Rows Otters", "https://example.org/blank-rows/otters"], [], ["", " "], ["", "https://example.org/blank-rows/untitled"], ["Blank Rows Tides", "ftp://example.org/blank-rows"], []];
    const fromCsv = await settled(importer, await uploadCsv(importer, rows.map((r) => r.join(",")).join("\r\n")));
    const res = await importer.postFiles("/api/bulk-importer/resource/upload", { file: workbook([["Resources", rows]]) });
    expect(res.status).toBe(200);
    const fromXlsx = await settled(importer, res.body.data.link as string);
    for (const ready of [fromCsv, fromXlsx]) {
      expect([ready.status, ready.import_results_summary.error, ready.import_results_summary.total, ready.import_results_summary.rows_with_errors]).toEqual(["preprocessed", null, 3, 2]);
      // Rows 3 and 4 of the sheet are blank: the untitled row is row 5, the bad link row 6.
      expect(ready.import_results_summary.errors.map((e) => [e.row_number, e.field])).toEqual([
        [5, "title"],
        [6, "url"],
      ]);
    }
  });

  it("numbers rows after a header on row 3 as the spreadsheet does: blank rows above the header count, in a CSV and in a workbook", async () => {
    const rows = [[], [""], ["Title", "URL"], ["Low Header Otters", "https://example.org/low-header/otters"], ["", "https://example.org/low-header/untitled"]];
    const fromCsv = await settled(importer, await uploadCsv(importer, rows.map((r) => r.join(",")).join("\r\n")));
    const res = await importer.postFiles("/api/bulk-importer/resource/upload", { file: workbook([["Resources", rows]]) });
    expect(res.status).toBe(200);
    const fromXlsx = await settled(importer, res.body.data.link as string);
    for (const ready of [fromCsv, fromXlsx]) {
      expect([ready.status, ready.import_results_summary.error, ready.import_results_summary.total]).toEqual(["preprocessed", null, 2]);
      expect(ready.import_results_summary.errors.map((e) => [e.row_number, e.field])).toEqual([[5, "title"]]);
    }
  });

  it("still names the missing title column when no sheet has one", async () => {
    const file = workbook([
      ["Notes", [["Nothing here"]]],
      ["More", [["Name of thing", "Link"], ["x", "https://example.org/x"]]],
    ]);
    const res = await importer.postFiles("/api/bulk-importer/resource/upload", { file: { ...file, name: "notes.xlsx" } });
    const failed = await settled(importer, res.body.data.link as string);
    expect(failed.import_results_summary.error).toBe(BULK_IMPORT_MESSAGES.noTitleColumn);
  });
});

describe("CSV files as spreadsheets save them", () => {
  it("reads a semicolon- or tab-separated CSV (Excel writes ';' where the decimal separator is a comma), a comma inside a cell kept", async () => {
    for (const [delimiter, name] of [[";", "Semicolon"], ["\t", "Tab"]] as const) {
      // Short and ending in a newline: the file papaparse's own guess took for one column ("no title column").
      const rows = [["Title", "URL"], [`${name} Otters, rivers and lakes`, `https://example.org/${name}/otters`], ["", `https://example.org/${name}/untitled`]];
      const ready = await settled(importer, await uploadCsv(importer, `${rows.map((r) => r.join(delimiter)).join("\n")}\n`));
      expect([ready.status, ready.import_results_summary.error, ready.import_results_summary.total]).toEqual(["preprocessed", null, 2]);
      expect(ready.import_results_summary.errors.map((e) => [e.row_number, e.field])).toEqual([[3, "title"]]);
    }
  });
});

describe("very long cells", () => {
  it("lists a URL longer than a resource may hold as that row's error and imports the other rows", async () => {
    const long = `https://example.org/${"a".repeat(RESOURCE_URL_MAX)}`;
    const link = await uploadCsv(importer, ["Title,URL", `Long Link Row,${long}`, "Short Link Row,https://example.org/short-link"].join("\n"));
    const ready = await settled(importer, link);
    expect(ready.status).toBe("preprocessed");
    expect(ready.import_results_summary.errors).toEqual([{ row_number: 2, field: "url", message: RESOURCE_MESSAGES.urlTooLong, value: long }]);
    expect((await importer.post(`${link}/start`)).status).toBe(200);
    const done = await settled(importer, link, "completed");
    expect([done.import_results_summary.error, done.import_results_summary.imported]).toEqual([null, 1]);
    const items = (await importer.get(`${link}/imported-items`)).body.data as { title: string }[];
    expect(items.map((i) => i.title)).toEqual(["Short Link Row"]);
  });
});

describe("retrying a failed import", () => {
  it("offers Retry for a failure another try may pass, and reads the file again", async () => {
    const link = await uploadCsv(importer, "Title,URL\nRetried Row,https://example.org/retried\n");
    await settled(importer, link);
    // As the job runner leaves an import whose steps kept crashing.
    await server.db.updateTable("bulk_imports").set({ error: BULK_IMPORT_MESSAGES.interrupted, status: "created" }).where("uid", "=", link.split("/").pop()!).execute();
    const failed = (await importer.get<BulkImport>(link)).body;
    expect([failed.import_results_summary.error, failed.abilities.retry]).toEqual([BULK_IMPORT_MESSAGES.interrupted, true]);
    expect((await importer.post(`${link}/retry`)).status).toBe(200);
    const again = await settled(importer, link);
    expect([again.import_results_summary.error, again.status, again.import_results_summary.total]).toEqual([null, "preprocessed", 1]);
  });
});

describe("files that must not harm the server", () => {
  describe("with a row limit of 50", () => {
    const { server: limited } = useTestServer({ env: { IMPORT_POLL_MS: "100", IMPORT_MAX_ROWS: "50" } });
    let client: TestClient;
    beforeAll(async () => {
      const user = await buildUser(limited.db, { permissions: ["bulk_importer"] });
      client = limited.client();
      await client.signIn(user.username!, user.password);
    });

    it("fails an import with too many rows with a clear message", async () => {
      const rows = Array.from({ length: 120 }, (_, i) => `Row ${i},https://example.org/${i}`).join("\n");
      const res = await client.postFiles("/api/bulk-importer/resource/upload", { file: csv(`Title,URL\n${rows}`) });
      const failed = await settled(client, res.body.data.link);
      expect(failed.import_results_summary.error).toBe(BULK_IMPORT_MESSAGES.tooManyRows);
      // The same file would fail the same way: a new file is offered, not Retry, and the call says why.
      expect([failed.abilities.retry, failed.abilities.upload_new_file]).toEqual([false, true]);
      const retried = await client.post(`${res.body.data.link}/retry`);
      expect([retried.status, retried.body.message]).toEqual([409, BULK_IMPORT_MESSAGES.retryNeedsNewFile]);
    });

    it("counts only data rows against the row limit: a workbook with many blank rows keeps its last rows, one over the limit says so", async () => {
      const book = (dataRows: number) => {
        const rows: string[][] = [["Title", "URL"]];
        for (let i = 0; i < dataRows; i++) {
          rows.push([i === dataRows - 1 ? "" : `Gap Row ${i}`, `https://example.org/gap/${i}`]);
          // 100 blank rows after the first data row: more than the limit plus two.
          if (i === 0) for (let b = 0; b < 100; b++) rows.push([]);
        }
        const wb = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Resources");
        return { name: "gaps.xlsx", data: new Uint8Array(XLSX.write(wb, { type: "buffer", bookType: "xlsx" }) as Buffer) };
      };
      const within = await client.postFiles("/api/bulk-importer/resource/upload", { file: book(50) });
      const ready = await settled(client, within.body.data.link);
      expect([ready.status, ready.import_results_summary.error, ready.import_results_summary.total]).toEqual(["preprocessed", null, 50]);
      // The last data row (untitled) is sheet row 1 + 1 + 100 + 49 = 151: read, and numbered as the sheet shows it.
      expect(ready.import_results_summary.errors.map((e) => [e.row_number, e.field])).toEqual([[151, "title"]]);
      const over = await client.postFiles("/api/bulk-importer/resource/upload", { file: book(51) });
      const failed = await settled(client, over.body.data.link);
      expect(failed.import_results_summary.error).toBe(BULK_IMPORT_MESSAGES.tooManyRows);
    });
  });

  it("reads an XLSX whose declared dimension is a million rows by the cells it has", async () => {
    const data = buildXlsx(sheetXml([["Title", "URL"], ["Wide Sheet", "https://example.org/wide"]], { dimension: "A1:XFD1048576" }));
    const res = await importer.postFiles("/api/bulk-importer/resource/upload", { file: { name: "wide.xlsx", data } });
    const ready = await settled(importer, res.body.data.link);
    expect(ready.import_results_summary.error).toBeNull();
    expect(ready.import_results_summary.total).toBe(1);
  });

  it("refuses a zip bomb before expanding it", async () => {
    const padding = Buffer.alloc(40 * 1024 * 1024, 0x20); // 40 MB of spaces (the server allows 20) deflate to 40 KB
    const data = buildXlsx(Buffer.concat([Buffer.from(sheetXml([["Title"], ["Bomb"]]).replace("<sheetData>", "<sheetData>")), padding]));
    expect(data.length).toBeLessThan(200 * 1024);
    const res = await importer.postFiles("/api/bulk-importer/resource/upload", { file: { name: "bomb.xlsx", data } });
    const failed = await settled(importer, res.body.data.link);
    expect(failed.import_results_summary.error).toBe(BULK_IMPORT_MESSAGES.tooLarge);
  });

  it("does not expand XML entities (billion laughs) and keeps serving", async () => {
    const doctype = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`).join("")}]>`;
    const data = buildXlsx(sheetXml([["Title", "URL"], ["&lol9;", "https://example.org/lol"]], { doctype }));
    const res = await importer.postFiles("/api/bulk-importer/resource/upload", { file: { name: "laughs.xlsx", data } });
    const outcome = await settled(importer, res.body.data.link);
    expect((await server.client().get("/app/config")).status).toBe(200);
    if (!outcome.import_results_summary.error) {
      const rows = await server.db.selectFrom("bulk_import_rows").select("data").execute();
      expect(rows.every((r) => r.data.length < 10000)).toBe(true);
    }
  });

  it("fails a file that is not a spreadsheet without touching other imports", async () => {
    const res = await importer.postFiles("/api/bulk-importer/resource/upload", { file: { name: "fake.xlsx", data: new TextEncoder().encode("this is not a zip file") } });
    const failed = await settled(importer, res.body.data.link);
    expect(failed.import_results_summary.error).toBe(BULK_IMPORT_MESSAGES.unreadable);
    expect((await server.client().get("/app/config")).status).toBe(200);
  });
});
