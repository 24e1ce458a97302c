import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { contracts } from "../../src/server/db/tables";
import { expireDue } from "../../src/server/features/esign/jobs";
import type { TestApp } from "../fixtures/app";
import { type EsignApi, esignCaseSuite } from "../fixtures/esign";

const DAY = 24 * 3600 * 1000;

/**
 * Issue 26: an e-signing that ends unsigned (declined, expired, cancelled) no longer leaves the
 * contract "signing" with nothing out: it is approved again, to be re-sent or marked signed on
 * paper; and an e-signed contract is archived with the sealed PDF already in its case folder.
 */
describe("a signing that ends unsigned", () => {
  const suite = esignCaseSuite("拒签回退案件");
  let t: TestApp;
  let api: EsignApi;
  let caseId: string;
  let sealId: string;
  let n = 0;
  beforeAll(() => ({ t, api, caseId, sealId } = suite));
  const sent = async (extra: Record<string, unknown> = {}) => {
    n += 1;
    const email = `declined${n}@example.com`;
    const { contract, fileId } = await api.signableContract(caseId, 1);
    const fields = [
      { signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.1 },
      { signer: 1, kind: "signature", page: 1, x: 0.5, y: 0.5, w: 0.2, h: 0.1 },
    ];
    const res = await api.send(contract.id, fileId, sealId, { fields, ...extra }, email);
    expect(res.statusCode, res.body).toBe(200);
    return {
      contract,
      request: res.json().data as { id: string },
      email,
      token: await api.lastLink(email),
    };
  };
  const row = async (id: string) =>
    (await t.database.db.select().from(contracts).where(eq(contracts.id, id)))[0];

  it("declined: the contract returns to approved (signing status declined); it may be marked signed on paper, or sent again", async () => {
    const one = await sent();
    expect(await row(one.contract.id)).toMatchObject({ status: "signing", signingStatus: "sent" });
    const before = (await row(one.contract.id)).version;
    const cookie = await api.verified(one.token, one.email);
    const declined = await api.pub(
      "POST",
      `/api/public/esign/${one.token}/decline`,
      { reason: "金额有误" },
      cookie,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    const after = await row(one.contract.id);
    expect(after).toMatchObject({ status: "approved", signingStatus: "declined" });
    // A screen holding the old version cannot move it on that version.
    expect(after.version).toBeGreaterThan(before);
    expect(
      (
        await api.post(
          "lawyer",
          `/api/contracts/${one.contract.id}/transition`,
          { to: "signed", version: before },
          "en",
        )
      ).statusCode,
    ).toBe(409);
    const paper = await api.post("lawyer", `/api/contracts/${one.contract.id}/transition`, {
      to: "signed",
      version: after.version,
    });
    expect(paper.statusCode, paper.body).toBe(200);
    expect(paper.json().data.status).toBe("signed");

    const two = await sent();
    const cookie2 = await api.verified(two.token, two.email);
    expect(
      (
        await api.pub(
          "POST",
          `/api/public/esign/${two.token}/decline`,
          { reason: "暂不签署" },
          cookie2,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await api.get("lawyer", `/api/contracts/${two.contract.id}/esign`)).json().data.mayPrepare,
    ).toBe(true);
    const again = await api.post("lawyer", `/api/esign/requests/${two.request.id}/resend`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(await row(two.contract.id)).toMatchObject({ status: "signing", signingStatus: "sent" });
  });

  it("expired or cancelled: approved again as well", async () => {
    const late = await sent({ expiresInDays: 1 });
    expect(await expireDue(t.database.db, new Date(Date.now() + 2 * DAY))).toBeGreaterThanOrEqual(
      1,
    );
    expect(await row(late.contract.id)).toMatchObject({
      status: "approved",
      signingStatus: "expired",
    });
    const stopped = await sent();
    const cancel = await api.post("lawyer", `/api/esign/requests/${stopped.request.id}/cancel`, {
      reason: "条款需修改",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await row(stopped.contract.id)).toMatchObject({
      status: "approved",
      signingStatus: "cancelled",
    });
  });

  it("an e-signed contract is archived with its sealed PDF, no new upload", async () => {
    const { contract, sealedFileId } = await api.completedRequest(
      caseId,
      sealId,
      "archive-sealed@example.com",
    );
    const version = (await row(contract.id)).version;
    const res = await api.post("lawyer", `/api/contracts/${contract.id}/archive`, {
      archiveFileIds: [sealedFileId],
      remark: "电子签署归档",
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
    await api.approve(res.json().data.instanceId);
    expect(await row(contract.id)).toMatchObject({
      status: "archived",
      archiveFileIds: [sealedFileId],
    });
  }, 120_000);
});
