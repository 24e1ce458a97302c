import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { esignSigners } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { esignApi, esignSuite, SIGNATURE_PNG } from "../fixtures/esign";

/**
 * A counterparty of firm A holds a link and a verified session. Used against firm B's signing (its
 * link, its request and signer ids, its pages), they reveal nothing of B and do nothing there; and
 * A's own page shows nothing of B.
 */
describe("a link from another firm's contract", () => {
  const suite = esignSuite();
  let t: TestApp;
  let api: ReturnType<typeof esignApi>;
  let a: { token: string; cookie: string; contractName: string; firm: string };
  let b: {
    token: string;
    requestId: string;
    signerId: string;
    contractName: string;
    firm: string;
    contractId: string;
  };
  beforeAll(async () => {
    t = suite.t;
    api = esignApi(t);
    const caseA = (await api.open("lawyer", { name: "甲所签署案件" })).id;
    const signA = await api.signableContract(caseA, 1);
    const sentA = await api.send(
      signA.contract.id,
      signA.fileId,
      await api.electronicSeal("finance"),
      {
        fields: [
          { signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.1 },
          { signer: 1, kind: "signature", page: 1, x: 0.5, y: 0.5, w: 0.2, h: 0.1 },
        ],
      },
      "a-signer@example.com",
    );
    expect(sentA.statusCode, sentA.body).toBe(200);
    const tokenA = await api.lastLink("a-signer@example.com");
    const cookieA = await api.verified(tokenA, "a-signer@example.com");
    const viewA = (await api.pub("GET", `/api/public/esign/${tokenA}`, undefined, cookieA)).json()
      .data;
    a = { token: tokenA, cookie: cookieA, contractName: viewA.contractName, firm: viewA.firmName };

    // Firm B (lawyer2's) sends its own contract to its own counterparty.
    const caseB = (await api.open("lawyer2", { name: "乙所签署案件" })).id;
    const pdfB = await api.pdfFile("lawyer2", 1);
    const contractB = await api.contract(
      caseB,
      { attachmentIds: [pdfB], name: "乙所委托合同" },
      "lawyer2",
    );
    const sentB = await api.post("lawyer2", `/api/contracts/${contractB.id}/esign`, {
      fileId: pdfB,
      signingOrder: "parallel",
      signers: [{ party: "counterparty", name: "赵乙", email: "b-signer@example.com" }],
      fields: [{ signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.1 }],
    });
    expect(sentB.statusCode, sentB.body).toBe(200);
    const tokenB = await api.lastLink("b-signer@example.com");
    const viewB = (await api.pub("GET", `/api/public/esign/${tokenB}`)).json().data;
    const [signerB] = await t.database.db
      .select()
      .from(esignSigners)
      .where(eq(esignSigners.requestId, sentB.json().data.id));
    b = {
      token: tokenB,
      requestId: sentB.json().data.id,
      signerId: signerB.id,
      contractName: viewB.contractName,
      firm: viewB.firmName,
      contractId: contractB.id,
    };
    expect(b.firm).not.toBe(a.firm);
  }, 180_000);

  it("A's session opens nothing on B's link: no verification, no pages, no signing, no decline, no file", async () => {
    const view = (await api.pub("GET", `/api/public/esign/${b.token}`, undefined, a.cookie)).json()
      .data;
    expect(view.verified).toBe(false);
    expect(JSON.stringify(view)).not.toContain(a.contractName);
    for (const [method, url, body] of [
      ["GET", "/pages/1"],
      ["POST", "/sign", { marks: { [crypto.randomUUID()]: { png: SIGNATURE_PNG } } }],
      ["POST", "/decline", { reason: "不是我的" }],
      ["GET", "/sealed"],
    ] as const) {
      const res = await api.pub(method, `/api/public/esign/${b.token}${url}`, body, a.cookie);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.body).not.toContain(b.contractName);
    }
    const [row] = await t.database.db
      .select()
      .from(esignSigners)
      .where(eq(esignSigners.id, b.signerId));
    expect(row).toMatchObject({ status: "sent", signedAt: null, declinedAt: null });
  });

  it("B's request and signer ids (and A's session itself) in place of a link are the dead link's 404", async () => {
    const unknown = await api.pub(
      "GET",
      "/api/public/esign/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    );
    const session = a.cookie.split("=")[1];
    for (const token of [b.requestId, b.signerId, b.requestId.replace(/-/g, ""), session]) {
      for (const [method, url] of [
        ["GET", ""],
        ["POST", "/code"],
        ["GET", "/pages/1"],
        ["GET", "/sealed"],
      ] as const) {
        const res = await api.pub(method, `/api/public/esign/${token}${url}`, undefined, a.cookie);
        expect(res.statusCode, `${token}${url}`).toBe(404);
        expect(res.json()).toEqual(unknown.json());
      }
    }
  });

  it("A's link and session never reach B's signing through the firm's routes, and A's page shows nothing of B", async () => {
    for (const url of [
      `/api/esign/requests/${b.requestId}`,
      `/api/esign/requests/${b.requestId}/sealed`,
      `/api/contracts/${b.contractId}/esign`,
    ]) {
      const res = await api.pub("GET", url, undefined, a.cookie);
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain(b.contractName);
    }
    const mine = await api.pub("GET", `/api/public/esign/${a.token}`, undefined, a.cookie);
    expect(mine.statusCode).toBe(200);
    const text = JSON.stringify(mine.json().data);
    for (const secret of [b.firm, b.contractName, b.requestId, b.signerId, "b-signer@example.com"])
      expect(text).not.toContain(secret);
  });
});
