import { errors, jwtVerify, SignJWT } from "jose";

import { AppError } from "../../shared/errors";

export type TokenSigner = ReturnType<typeof createTokenSigner>;

const ISSUER = "law-manage";

export const createTokenSigner = (secret: string) => {
  const key = new TextEncoder().encode(secret);

  const sign = (
    claims: Record<string, unknown>,
    audience: string,
    subject: string,
    expiresAt: Date,
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);

  const verify = async (token: string, audience: string) => {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience,
        algorithms: ["HS256"],
      });
      return payload;
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new AppError(401, "errors.tokenExpired");
      throw new AppError(401, "errors.tokenInvalid");
    }
  };

  // The SPA sends the same token with every request: checking its HMAC once is enough. The
  // expiry is still compared on every use, and revocation is the session store's job.
  const verified = new Map<string, { payload: Awaited<ReturnType<typeof verify>>; exp: number }>();
  const verifyCached = async (token: string, audience: string) => {
    const key = `${audience} ${token}`;
    const hit = verified.get(key);
    if (hit) {
      if (hit.exp * 1000 > Date.now()) return hit.payload;
      verified.delete(key);
      throw new AppError(401, "errors.tokenExpired");
    }
    const payload = await verify(token, audience);
    if (verified.size >= 20_000) verified.clear();
    verified.set(key, { payload, exp: payload.exp ?? 0 });
    return payload;
  };

  return { sign, verify, verifyCached };
};

export const SESSION_AUDIENCE = "session";
export const UPLOAD_AUDIENCE = "upload";
/** Short-lived `?ticket=` credentials for URLs the browser opens itself (plugins/auth.ts). */
export const TICKET_AUDIENCE = "ticket";
