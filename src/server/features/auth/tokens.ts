import { errors, jwtVerify, SignJWT } from "jose";

import { AppError } from "../../../shared/errors";

export type TokenSigner = ReturnType<typeof createTokenSigner>;

const ISSUER = "law-manage";

export const createTokenSigner = (secret: string) => {
  const key = new TextEncoder().encode(secret);

  const sign = (claims: Record<string, unknown>, audience: string, subject: string, expiresAt: Date) =>
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

  return { sign, verify };
};

export const SESSION_AUDIENCE = "session";
export const UPLOAD_AUDIENCE = "upload";
