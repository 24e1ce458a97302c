/**
 * The organisation area's requests and answers, as the server sends them and the client reads
 * them (timestamps are ISO text on the wire). One definition, so the two cannot drift.
 */

export type OrgRef = { id: string; name: string };

/** A member of the firm: the account's name and login, the firm's own contact fields and links. */
export type Member = {
  id: string;
  userId: string;
  username: string;
  name: string;
  nameSuffix: string;
  phone: string;
  email: string;
  position: string;
  isEnabled: boolean;
  /** The user-center account (shared by every firm it belongs to) may sign in. */
  isAccountEnabled: boolean;
  createdAt: string;
  version: number;
  departments: OrgRef[];
  roles: (OrgRef & { code: string })[];
};

/** POST /members: a new account, or an existing user-center account added to this firm. */
export type MemberInput = {
  account: "new" | "existing";
  username: string;
  name?: string;
  nameSuffix?: string;
  password?: string;
  phone?: string;
  email?: string;
  position?: string;
  departmentIds?: string[];
  roleIds?: string[];
};

/** PATCH /members/:id: the fields to change, at the version read. */
export type MemberPatch = Partial<Omit<MemberInput, "account" | "username" | "password">> & {
  isEnabled?: boolean;
  version: number;
};
