import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runMerges } from "../../src/server/features/archive";
import type { LoanRow } from "../../src/shared/contracts/archive-loans";
import type { VolumeRow } from "../../src/shared/contracts/archive";
import { createTestApp, type TestApp } from "../fixtures/app";

/** The demo's archive (seed/archive.ts): a closed case archived and merged, and a loan out. */
describe("demo data: archive", () => {
  let t: TestApp;
  const get = async (who: string, url: string) => {
    const res = await t.app.inject({ url, headers: await t.as(who) });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("has an archived, numbered volume whose merged PDF the job makes and qpdf accepts", async () => {
    const volumes = (await get("admin", "/api/archive-volumes?status=archived")).json()
      .data as VolumeRow[];
    expect(volumes).toHaveLength(1);
    const [volume] = volumes;
    expect(volume.volumeNo).toMatch(/^明律档字〔\d{4}〕第0001号$/);
    expect(await runMerges(t.app)).toBe(2);
    const pdf = await get("admin", `/api/archive-volumes/${volume.id}/merged-pdf`);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "lm-demo-archive-")), "v.pdf");
    writeFileSync(file, pdf.rawPayload);
    execFileSync("qpdf", ["--check", file]);
    expect(Number(execFileSync("qpdf", ["--show-npages", file]).toString())).toBeGreaterThan(3);
  });

  it("finds the volume in the global search by its archive number, for the archivist", async () => {
    const [volume] = (await get("admin", "/api/archive-volumes?status=archived")).json()
      .data as VolumeRow[];
    const res = await get("admin", `/api/search?q=${encodeURIComponent(volume.volumeNo!)}`);
    const group = (
      res.json().data as { type: string; items: { id: string; link: string }[] }[]
    ).find((g) => g.type === "archiveVolumes");
    expect(group?.items).toEqual([
      expect.objectContaining({ id: volume.id, link: `/archive/volumes/${volume.id}` }),
    ]);
    // …and by a party of its case.
    const [party] = (
      (await t.database.db.execute(
        sql`select p.name from case_parties p join archive_volumes v
              on v.workspace_id = p.workspace_id and v.case_id = p.case_id
             where v.id = ${volume.id} limit 1`,
      )) as unknown as { rows: { name: string }[] }
    ).rows;
    const byParty = (await get("admin", `/api/search?q=${encodeURIComponent(party.name)}`)).json()
      .data as { type: string; items: { id: string }[] }[];
    expect(byParty.find((g) => g.type === "archiveVolumes")?.items.map((i) => i.id)).toContain(
      volume.id,
    );
    // Another firm's archivist finds nothing of it.
    const other = (
      await get("admin2", `/api/search?q=${encodeURIComponent(volume.caseName)}`)
    ).json().data as { type: string; items: { id: string }[] }[];
    expect(other.flatMap((g) => g.items.map((i) => i.id))).not.toContain(volume.id);
  });

  it("has the volume out on loan to a colleague, for two more weeks", async () => {
    const loans = (await get("admin", "/api/archive-loans")).json().data as LoanRow[];
    expect(loans).toHaveLength(1);
    expect(loans[0]).toMatchObject({ status: "active", readable: true, overdue: false });
  });
});
