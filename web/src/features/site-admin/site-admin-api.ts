// The site administration calls: config and switches, carousel, announcements, notices, discussions and reports.
import type {
  AdminDiscussionBody,
  AdminDiscussionVO,
  AdminNoticeSendBody,
  AdminNoticeVO,
  AnnouncementBody,
  AnnouncementVO,
  DiscussionReportVO,
  EmailConfigBody,
  EmailConfigVO,
  HomeCarousel,
  PageOf,
  SwitchConfig,
  UserPick,
  WebConfigDTO,
} from '@oj/proto';
import { api, request } from '../../lib/api';
import { uploadFile } from '../../lib/upload';

export const getWebConfig = () => api.get<WebConfigDTO>('/admin/config/get-web-config');
export const setWebConfig = (body: WebConfigDTO) => api.put<null>('/admin/config/set-web-config', body);
export const getEmailConfig = () => api.get<EmailConfigVO>('/admin/config/get-email-config');
export const setEmailConfig = (body: EmailConfigBody) => api.put<null>('/admin/config/set-email-config', body);
/** Silent: the page shows the SMTP error itself. */
export const testEmail = (email: string) => api.post<null>('/admin/config/test-email', { email }, { silent: true });
export const getSwitches = () => api.get<SwitchConfig>('/admin/switch/info');
export const setSwitches = (body: SwitchConfig) => api.put<null>('/admin/switch/update', body);

export const getCarousel = () => api.get<HomeCarousel[]>('/admin/config/home-carousel');
export const uploadCarousel = (file: File) => uploadFile<HomeCarousel>('/file/upload-carouse-img', file, file.name);
export const deleteCarousel = (id: number) => api.delete<null>('/admin/config/home-carousel', { query: { id } });
export const orderCarousel = (ids: number[]) => api.put<null>('/admin/config/home-carousel-order', { ids });

export const getAnnouncements = (currentPage: number, limit: number) => api.get<PageOf<AnnouncementVO>>('/admin/announcement', { query: { currentPage, limit } });
export const saveAnnouncement = (body: AnnouncementBody) => (body.id ? api.put<null>('/admin/announcement', body) : api.post<null>('/admin/announcement', body));
export const deleteAnnouncement = (aid: number) => api.delete<null>('/admin/announcement', { query: { aid } });

export const getNotices = (currentPage: number, limit: number) => api.get<PageOf<AdminNoticeVO>>('/admin/msg/notice', { query: { currentPage, limit } });
export const sendNotice = (body: AdminNoticeSendBody) => api.post<{ id: number; recipients: number }>('/admin/msg/notice', body);
export const updateNotice = (body: AdminNoticeSendBody) => api.put<null>('/admin/msg/notice', body);
export const deleteNotice = (id: number) => api.delete<null>('/admin/msg/notice', { query: { id } });
export const searchUsers = (keyword: string) => api.get<UserPick[]>('/admin/user/search', { query: { keyword }, silent: true });

export const getAdminDiscussions = (currentPage: number, limit: number, keyword: string) =>
  api.get<PageOf<AdminDiscussionVO>>('/admin/discussion', { query: { currentPage, limit, keyword } });
export const updateDiscussion = (body: AdminDiscussionBody) => api.put<null>('/admin/discussion', body);
export async function deleteDiscussions(ids: number[]): Promise<void> {
  await request('DELETE', '/admin/discussion', { body: ids });
}
export const getReports = (currentPage: number, limit: number, status?: boolean) =>
  api.get<PageOf<DiscussionReportVO>>('/admin/discussion-report', { query: { currentPage, limit, status } });
export const resolveReport = (id: number, status: boolean) => api.put<null>('/admin/discussion-report', { id, status });
