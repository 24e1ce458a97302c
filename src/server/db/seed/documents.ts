import { createHash } from "node:crypto";

import type { Db } from "../client";
import { files, fileVersions, folders } from "../tables";

/** Bodies of the demo files; the documents feature writes them to the store at start-up. */
export const DEMO_DOCUMENT_BODIES = [
  Buffer.from("本文件夹存放律所内部制度、模板和常用文书。\n上传文件前请确认文件名不含空格和特殊字符。\n", "utf8"),
];

const sha256 = (body: Buffer) => createHash("sha256").update(body).digest("hex");

/** A small folder tree and one text file per firm, so the document page is not empty. */
export const seedDocuments = async (tx: Db, workspaceId: string, ownerId: string) => {
  const base = { workspaceId, createdBy: ownerId, updatedBy: ownerId };
  const [rules] = await tx.insert(folders).values({ ...base, name: "所内制度" }).returning();
  await tx.insert(folders).values({ ...base, name: "案件材料" });
  await tx.insert(folders).values({ ...base, name: "模板", parentId: rules.id });
  const body = DEMO_DOCUMENT_BODIES[0];
  const hash = sha256(body);
  const [file] = await tx
    .insert(files)
    .values({ ...base, folderId: rules.id, name: "使用说明.txt", size: body.length, mime: "text/plain", sha256: hash })
    .returning();
  await tx.insert(fileVersions).values({
    workspaceId,
    fileId: file.id,
    versionNo: 1,
    name: file.name,
    size: body.length,
    mime: "text/plain",
    sha256: hash,
    storageKey: hash,
    createdBy: ownerId,
  });
};
