import { createHash } from "node:crypto";

import type { Db } from "../db/client";
import { files, fileVersions, folders } from "../db/tables";
import { DEMO_CONTRACT_PDF, DEMO_SEAL_PNG } from "./demo-bodies";

/** Bodies of the demo files; the documents feature writes them to the store at start-up. */
export const DEMO_DOCUMENT_BODIES = [
  Buffer.from(
    "本文件夹存放律所内部制度、模板和常用文书。\n上传文件前请确认文件名不含空格和特殊字符。\n",
    "utf8",
  ),
  DEMO_CONTRACT_PDF,
  DEMO_SEAL_PNG,
];

const sha256 = (body: Buffer) => createHash("sha256").update(body).digest("hex");

/** A demo file row and its first version over one of DEMO_DOCUMENT_BODIES (stored under its hash). */
export const seedFile = async (
  tx: Db,
  input: {
    workspaceId: string;
    ownerId: string;
    folderId: string | null;
    name: string;
    mime: string;
    body: Buffer;
  },
) => {
  const hash = sha256(input.body);
  const base = {
    workspaceId: input.workspaceId,
    createdBy: input.ownerId,
    updatedBy: input.ownerId,
  };
  const [file] = await tx
    .insert(files)
    .values({
      ...base,
      folderId: input.folderId,
      name: input.name,
      size: input.body.length,
      mime: input.mime,
      sha256: hash,
    })
    .returning();
  await tx.insert(fileVersions).values({
    workspaceId: input.workspaceId,
    fileId: file.id,
    versionNo: 1,
    name: input.name,
    size: input.body.length,
    mime: input.mime,
    sha256: hash,
    storageKey: hash,
    createdBy: input.ownerId,
  });
  return file;
};

/** A small folder tree and one text file per firm, so the document page is not empty. */
export const seedDocuments = async (tx: Db, workspaceId: string, ownerId: string) => {
  const base = { workspaceId, createdBy: ownerId, updatedBy: ownerId };
  const [rules] = await tx
    .insert(folders)
    .values({ ...base, name: "所内制度" })
    .returning();
  await tx.insert(folders).values({ ...base, name: "案件材料" });
  await tx.insert(folders).values({ ...base, name: "模板", parentId: rules.id });
  await seedFile(tx, {
    workspaceId,
    ownerId,
    folderId: rules.id,
    name: "使用说明.txt",
    mime: "text/plain",
    body: DEMO_DOCUMENT_BODIES[0],
  });
};
