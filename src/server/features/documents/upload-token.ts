import type { FastifyRequest } from "fastify";

import { AppError } from "../../../shared/errors";
import type { SessionStore } from "../../lib/session-store";
import { type TokenSigner, UPLOAD_AUDIENCE } from "../../lib/tokens";

/**
 * Uploads carry, besides the Bearer sign-in, the short-lived token from get-up-token: it must
 * be for uploads, for this user, firm and sign-in, and that sign-in must still be live.
 */
export const assertUploadToken = async (
  req: FastifyRequest,
  tokens: TokenSigner,
  sessions: SessionStore,
) => {
  const header = req.headers["x-upload-token"];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) throw new AppError(401, "errors.documents.uploadTokenMissing");
  const claims = await tokens.verify(token, UPLOAD_AUDIENCE);
  const { ctx } = req;
  if (
    claims.scope !== "upload" ||
    claims.sub !== ctx.userId ||
    claims.ws !== ctx.workspaceId ||
    claims.sid !== ctx.sessionId
  ) {
    throw new AppError(401, "errors.tokenInvalid");
  }
  const session = await sessions.get(ctx.sessionId);
  if (!session || session.revokedAt) throw new AppError(401, "errors.tokenRevoked");
  if (session.expiresAt.getTime() <= Date.now()) throw new AppError(401, "errors.tokenExpired");
};
