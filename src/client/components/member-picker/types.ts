export type PickerDepartment = {
  id: string;
  parentId: string | null;
  name: string;
  sortOrder: number;
  managerId: string | null;
};

export type PickerMember = {
  userId: string;
  username: string;
  name: string;
  nameSuffix: string;
  position: string;
  isEnabled: boolean;
  departmentIds: string[];
  initials: string;
  pinyin: string;
};

export type PickerGroup = { id: string; name: string; sortOrder: number; memberIds: string[] };

export type PickerData = {
  departments: PickerDepartment[];
  members: PickerMember[];
  groups: PickerGroup[];
};

/** What the picker returns: chosen people (user ids) and/or departments. */
export type PickerValue = { users: string[]; departments: string[] };

/** "users": people only; "departments": departments only; "both": either. */
export type PickerMode = "users" | "departments" | "both";
