export { MemberPicker, type MemberPickerProps } from "./member-picker";
export { MemberPickerField } from "./member-picker-field";
export type {
  PickerData,
  PickerDepartment,
  PickerGroup,
  PickerMember,
  PickerMode,
  PickerValue,
} from "./types";
export { matchesMember, toDeptTree, usePickerData } from "./use-picker-data";
