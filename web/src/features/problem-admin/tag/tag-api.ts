// Tags and tag classifications per OJ (`/api/get-all-problem-tags`, `/api/admin/tag…`).
import type { AdminTag, TagBody, TagClassification, TagClassificationBody } from '@oj/proto';
import { api } from '../../../lib/api';

export const tagsOf = (oj: string) => api.get<AdminTag[]>('/get-all-problem-tags', { query: { oj } });
export const classificationsOf = (oj: string) => api.get<TagClassification[]>('/admin/tag/classification', { query: { oj } });
export const saveTag = (body: TagBody) => (body.id ? api.put<null>('/admin/tag', body) : api.post<AdminTag>('/admin/tag', body));
export const deleteTag = (tid: number) => api.delete<null>('/admin/tag', { query: { tid } });
export const saveClassification = (body: TagClassificationBody) =>
  body.id ? api.put<null>('/admin/tag/classification', body) : api.post<TagClassification>('/admin/tag/classification', body);
export const deleteClassification = (tcid: number) => api.delete<null>('/admin/tag/classification', { query: { tcid } });
