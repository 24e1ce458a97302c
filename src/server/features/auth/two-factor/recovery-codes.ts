import { randomInt } from "node:crypto";

import { and, count, eq, isNull } from "drizzle-orm";

import { RECOVERY_CODE_COUNT } from "../../../../shared/contracts/security";
import type { Db } from "../../../db/client";
import { recoveryCodes } from "../../../db/tables";
import { hashPassword, verifyPassword } from "../passwords";

/** No 0/o, 1/l/i: codes are read off paper and typed by hand. */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const LENGTH = 10;

const newCode = () => {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
};

/** As typed: any case, with or without the dash and spaces. */
const normalize = (input: string) => input.toLowerCase().replace(/[\s-]/g, "");

/**
 * Ten new codes and their scrypt hashes (the password hash: each code guards the account as a
 * password does). Hashed before any transaction opens, so no lock waits on scrypt.
 */
export const makeRecoveryCodes = async () => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalize(code))));
  return { codes, hashes };
};

/** Replaces the account's codes: the old ones stop working in the same transaction. */
export const storeRecoveryCodes = async (db: Db, userId: string, hashes: string[]) => {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
};

export const countRecoveryCodesLeft = async (db: Db, userId: string) => {
  const [{ n }] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return n;
};

/**
 * Uses up a matching unused code. The update claims it only while still unused, so the same code
 * sent twice at once (or on two processes) signs in once.
 */
export const useRecoveryCode = async (db: Db, userId: string, input: string) => {
  const code = normalize(input);
  if (code.length !== LENGTH || [...code].some((c) => !ALPHABET.includes(c))) return false;
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verifyPassword(code, row.codeHash))) continue;
    const claimed = await db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return claimed.length > 0;
  }
  return false;
};
