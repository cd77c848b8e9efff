// REST calls of the homework and exam pages (docs/api.md "Homework and exams"): the teacher's CRUD, release, grid
// and XLSX; the students' pages. Answers decoded against the proto schemas.
import { decode, MyTaskVO, TaskStatusVO, TaskVO, type TaskBody, type TaskKind } from '@oj/proto';
import { Type } from '@sinclair/typebox';
import { api } from '../../lib/api';
import { downloadFile, saveBlob } from '../../lib/download';

const Saved = Type.Object({ id: Type.Integer() });

export const listTasks = (kind: TaskKind, courseId: number): Promise<TaskVO[]> =>
  api.get(`/admin/${kind}/list`, { query: { courseId }, decode: (x) => decode(Type.Array(TaskVO), x) });
export const getTask = (kind: TaskKind, id: number): Promise<TaskVO> => api.get(`/admin/${kind}`, { query: { id }, decode: (x) => decode(TaskVO, x) });
export const saveTask = (kind: TaskKind, b: TaskBody) =>
  b.id ? api.put(`/admin/${kind}`, b, { decode: (x) => decode(Saved, x) }) : api.post(`/admin/${kind}`, b, { decode: (x) => decode(Saved, x) });
export const deleteTask = (kind: TaskKind, id: number) => api.delete(`/admin/${kind}`, { query: { id } });
export const releaseExam = (id: number, released: boolean) => api.put('/admin/exam/release', { id, released });
export const taskStatus = (kind: TaskKind, id: number, silent = false): Promise<TaskStatusVO> =>
  api.get(`/admin/${kind}/status`, { query: { id }, decode: (x) => decode(TaskStatusVO, x), silent });
export async function exportTask(kind: TaskKind, id: number): Promise<void> {
  const { blob, fileName } = await downloadFile(`/admin/${kind}/export`, { id }, `${kind}-${id}.xlsx`);
  saveBlob(blob, fileName);
}
export const myTask = (kind: TaskKind, id: number): Promise<MyTaskVO> => api.get(`/get-${kind}`, { query: { id }, decode: (x) => decode(MyTaskVO, x), silent: true });
