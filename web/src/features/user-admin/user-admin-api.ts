// The users, roles and permissions admin calls (`/api/admin/user/…`, `/api/admin/role…`, `/api/admin/auth`,
// `/api/file/generate-user-excel`).
import { decode, UserImportPreview } from '@oj/proto';
import type {
  AdminEditUserBody,
  AdminUserListQuery,
  AdminUserRow,
  AuthBody,
  AuthVO,
  GenerateUserBody,
  GenerateUserVO,
  PageOf,
  RoleAuthVO,
  RoleVO,
  SessionRevokedData,
} from '@oj/proto';
import { api, request } from '../../lib/api';
import { downloadFile, saveBlob } from '../../lib/download';
import { uploadFile } from '../../lib/upload';

export const userList = (q: AdminUserListQuery) => api.get<PageOf<AdminUserRow>>('/admin/user/get-user-list', { query: { ...q } });
export const editUser = (body: AdminEditUserBody) => api.put<{ revoked: SessionRevokedData['reason'] | null }>('/admin/user/edit-user', body);
export const deleteUsers = async (ids: string[]) => (await request<{ deleted: number }>('DELETE', '/admin/user/delete-user', { body: { ids } })).data;
export const previewCsv = async (file: File) => decode(UserImportPreview, await uploadFile<unknown>('/admin/user/preview-batch-user', file, file.name));
export const insertUsers = (users: string[][]) => api.post<{ inserted: number }>('/admin/user/insert-batch-user', { users }, { timeoutMs: 600_000 });
export const generateUsers = (body: GenerateUserBody) => api.post<GenerateUserVO>('/admin/user/generate-user', body, { timeoutMs: 600_000 });

export async function downloadGenerated(key: string, format: 'csv' | 'xlsx'): Promise<void> {
  const { blob, fileName } = await downloadFile('/file/generate-user-excel', { key, format }, `generated-users.${format}`);
  saveBlob(blob, fileName);
}

export const roleList = () => api.get<RoleVO[]>('/admin/role');
export const setRoleStatus = (id: number, status: number) => api.put<null>('/admin/role', { id, status });
export const authList = () => api.get<AuthVO[]>('/admin/auth');
export const saveAuth = (body: AuthBody) => api.post<AuthVO>('/admin/auth', body);
export const roleAuth = () => api.get<RoleAuthVO>('/admin/role-auth');
export const setRoleAuth = (roleId: number, authIds: number[]) => api.put<null>('/admin/role-auth', { roleId, authIds });
