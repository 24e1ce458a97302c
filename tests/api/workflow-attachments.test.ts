import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { attachments, fileLocks } from "../../src/server/db/tables";
import { createTestApp, type TestApp } from "../fixtures/app";
import { pdfBody, upload } from "../fixtures/documents";
import { workflowApi } from "../fixtures/workflow-api";
import { approval, FORM, users } from "../fixtures/workflow-defs";

const WITH_FILES = {
  ...FORM,
  properties: {
    ...FORM.properties,
    papers: {
      type: "array",
      title: "Papers",
      "x-type": "attachments",
      items: { type: "string", format: "uuid" },
    },
  },
};

describe("workflow attachments", () => {
  let t: TestApp;
  let api: ReturnType<typeof workflowApi>;
  beforeAll(async () => {
    t = await createTestApp();
    api = workflowApi(t);
  });
  afterAll(() => t.close());

  /** Uploads through the documents feature's own upload route, as the action dialog does. */
  const uploadFile = async (who: string, name: string) => {
    const res = await upload(t, who, [
      { field: "relativePath", value: `approval-files/${name}` },
      { field: "file", filename: name, body: pdfBody(name) },
    ]);
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().data[0].id as string;
  };
  const content = async (who: string, id: string, fileId: string) =>
    t.app.inject({
      url: `/api/workflow/instances/${id}/files/${fileId}`,
      headers: await t.as(who, { lang: "en" }),
    });
  const submitWith = async (who: string, definitionId: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/workflow/instances",
      headers: await t.as(who, { "idempotency-key": randomUUID(), lang: "en" }),
      payload: { definitionId, ...body },
    });

  it("keeps files attached on submit and on approval in the timeline, for every participant to open, locked against deletion", async () => {
    const [partner, finance] = [await api.userId("partner"), await api.userId("finance")];
    const flow = await api.publish("admin", [
      approval("n1", users(partner)),
      approval("n2", users(finance)),
    ]);
    const quote = await uploadFile("lawyer", "quote.pdf");
    const res = await submitWith("lawyer", flow.id, {
      form: { title: "Laptop" },
      comment: "quote attached",
      attachments: [quote],
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as string;

    const review = await uploadFile("partner", "review.pdf");
    await api.accept("partner", id, { comment: "fine", attachments: [review] });

    // Finance holds no document rights, yet sees and opens what the approval carries.
    const detail = (await api.detail("finance", id)).json().data;
    const byType = Object.fromEntries(
      detail.events.map((e: { type: string; attachments: string[] }) => [e.type, e.attachments]),
    );
    expect(byType.submitted).toEqual([quote]);
    expect(byType.accepted).toEqual([review]);
    expect(detail.files[quote]).toMatchObject({ name: "quote.pdf", mime: "application/pdf" });
    expect(detail.files[review]).toMatchObject({ name: "review.pdf" });
    const body = await content("finance", id, review);
    expect(body.statusCode).toBe(200);
    expect(body.headers["content-disposition"]).toContain("review.pdf");
    expect(body.rawPayload.equals(pdfBody("review.pdf"))).toBe(true);
    expect((await content("assistant", id, review)).statusCode).toBe(403);

    // Linked and locked through the attachments API: the documents page refuses to delete them.
    const links = await t.database.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.entity, "workflow_instances"), eq(attachments.entityId, id)));
    expect(links.map((l) => l.fileId).sort()).toEqual([quote, review].sort());
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/documents/files/${quote}`,
      headers: await t.as("admin", { lang: "en" }),
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toBe(
      `The file "quote.pdf" cannot be deleted: it is referenced by approval "#${detail.serial} Laptop"`,
    );
    const locks = await t.database.db.select().from(fileLocks).where(eq(fileLocks.entityId, id));
    expect(locks).toHaveLength(2);
  });

  it("opens an approval's file by ticket for the browser: native downloads and previews, one file per ticket", async () => {
    const partner = await api.userId("partner");
    const flow = await api.publish("admin", [approval("n1", users(partner))]);
    const [memo, other] = [
      await uploadFile("lawyer", "memo.pdf"),
      await uploadFile("lawyer", "other.pdf"),
    ];
    const res = await submitWith("lawyer", flow.id, {
      form: { title: "Tickets" },
      comment: "two files",
      attachments: [memo, other],
    });
    const id = res.json().data.id as string;
    const ticketFor = async (who: string, fileId: string, inline = false) =>
      t.app.inject({
        method: "POST",
        url: `/api/workflow/instances/${id}/files/${fileId}/ticket`,
        headers: await t.as(who, { lang: "en" }),
        payload: { inline },
      });

    // The approver (no document rights) gets a link and the browser opens it without a header.
    const issued = await ticketFor("partner", memo, true);
    expect(issued.statusCode).toBe(200);
    const { url } = issued.json().data as { url: string };
    expect(url).toMatch(
      new RegExp(`^/api/workflow/instances/${id}/files/${memo}/download\\?ticket=`),
    );
    const opened = await t.app.inject({ url });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers["content-disposition"]).toMatch(/^inline/);
    expect(opened.headers["cache-control"]).toBe("private, no-store");
    expect(opened.rawPayload.equals(pdfBody("memo.pdf"))).toBe(true);
    // Ranges work as on the documents page (resumed downloads, PDF viewers).
    const part = await t.app.inject({ url, headers: { range: "bytes=0-3" } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe("%PDF");

    // A ticket opens the file it names only: not the approval's other file, not without a ticket.
    expect((await t.app.inject({ url: url.replace(memo, other) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: url.split("?")[0] })).statusCode).toBe(401);
    // No ticket for a file that is not on this approval, nor for someone who may not open it.
    const stranger = await uploadFile("lawyer", "stranger.pdf");
    expect((await ticketFor("lawyer", stranger)).statusCode).toBe(404);
    expect((await ticketFor("assistant", memo)).statusCode).toBe(403);
  });

  it("refuses files the caller may not use, and serves only files of this approval", async () => {
    const partner = await api.userId("partner");
    const flow = await api.publish("admin", [approval("n1", users(partner))]);
    const mine = await uploadFile("lawyer", "mine.pdf");
    const id = await api.start("lawyer", flow.id);
    // An intern may not read the document store: a colleague's file cannot be attached by id.
    const taken = await api.act("intern", id, {
      type: "comment",
      comment: "see",
      attachments: [mine],
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().msg).toBe("An attachment is not a file of this firm");
    // A file that exists but is not on this approval is not served through it.
    expect((await content("lawyer", id, mine)).statusCode).toBe(404);
    // Another firm's members do not reach the approval at all.
    expect((await content("admin2", id, mine)).statusCode).toBe(404);
    // A deleted file cannot be attached.
    const gone = await uploadFile("lawyer", "gone.pdf");
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/documents/files/${gone}`,
          headers: await t.as("admin"),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await api.act("lawyer", id, { type: "comment", comment: "x", attachments: [gone] }))
        .statusCode,
    ).toBe(422);
  });

  it("locks files in the form's attachment fields and hides them where the field is hidden", async () => {
    const [partner, finance] = [await api.userId("partner"), await api.userId("finance")];
    const flow = await api.publish(
      "admin",
      [
        approval("n1", users(partner), { fields: { papers: "hidden" } }),
        approval("n2", users(finance)),
      ],
      { form: WITH_FILES },
    );
    const paper = await uploadFile("lawyer", "paper.pdf");
    const res = await submitWith("lawyer", flow.id, {
      form: { title: "With papers", papers: [paper] },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as string;
    const hidden = (await api.detail("partner", id)).json().data;
    expect(hidden.form.papers).toBeUndefined();
    expect(hidden.files).toEqual({});
    expect((await content("partner", id, paper)).statusCode).toBe(404);
    await api.accept("partner", id);
    expect((await api.detail("finance", id)).json().data.files[paper]).toMatchObject({
      name: "paper.pdf",
    });
    expect((await content("finance", id, paper)).statusCode).toBe(200);
    const locks = await t.database.db.select().from(fileLocks).where(eq(fileLocks.entityId, id));
    expect(locks.map((l) => l.fileId)).toEqual([paper]);
  });

  it("refuses a form attachment field naming a foreign or unknown file", async () => {
    const flow = await api.publish("admin", [approval("n1", users(await api.userId("partner")))], {
      form: WITH_FILES,
    });
    const res = await submitWith("lawyer", flow.id, {
      form: { title: "x", papers: [randomUUID()] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe("An attachment is not a file of this firm");
  });
});
