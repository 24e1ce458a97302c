export { DepartmentTree } from "./department-tree";
export { MemberGroupList } from "./member-group-list";
export { MemberList } from "./member-list";
export { PermissionEditor } from "./permission-editor";
export { RoleList } from "./role-list";
