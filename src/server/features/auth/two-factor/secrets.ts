import { like, sql } from "drizzle-orm";

import { AppError } from "../../../../shared/errors";
import type { Db } from "../../../db/client";
import { userTwoFactor } from "../../../db/tables";
import { openWith, sealWith } from "../../../lib/secret-box";

const PURPOSE = "totp";

/**
 * How the demo seed writes the partner's published demo secret: the seed runs without the
 * server's key, so it marks the secret and the first start seals it (`sealDemoSecrets`).
 */
export const DEMO_SECRET_PREFIX = "demo:";

/** AES-256-GCM under the configured key (lib/secret-box), so a copy of the database alone holds no usable secret. */
export const sealTotpSecret = (key: string, secret: string) =>
  sealWith(key, PURPOSE, Buffer.from(secret));

/**
 * The Base32 secret. A secret sealed under another key (TOTP_ENCRYPTION_KEY changed, or the JWT
 * secret it was derived from) cannot be read: the person cannot pass the code step until an
 * administrator resets their two-factor sign-in, which the message says.
 */
export const openTotpSecret = (key: string, sealed: string) => {
  if (sealed.startsWith(DEMO_SECRET_PREFIX)) return sealed.slice(DEMO_SECRET_PREFIX.length);
  try {
    return openWith(key, PURPOSE, sealed).toString();
  } catch {
    throw new AppError(409, "errors.twoFactor.secretUnreadable");
  }
};

/** Start-up step: seals any secret the demo seed left marked. Idempotent, safe on several processes. */
export const sealDemoSecrets = async (db: Db, key: string) => {
  const rows = await db
    .select({ userId: userTwoFactor.userId, sealed: userTwoFactor.secretSealed })
    .from(userTwoFactor)
    .where(like(userTwoFactor.secretSealed, `${DEMO_SECRET_PREFIX}%`));
  for (const row of rows) {
    await db
      .update(userTwoFactor)
      .set({ secretSealed: sealTotpSecret(key, openTotpSecret(key, row.sealed)) })
      .where(
        sql`${userTwoFactor.userId} = ${row.userId} and ${userTwoFactor.secretSealed} = ${row.sealed}`,
      );
  }
};
