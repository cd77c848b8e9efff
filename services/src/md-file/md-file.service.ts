// Images and files for statements (the markdown editor's upload-md-img / upload-md-file, delete-md-img) served at
// `/api/public/img/<name>` and `/api/public/file/<name>`. Stored in the database (they are small and must survive
// a redeploy); the type is decided from the bytes for images, never from the client's name alone.
import { randomBytes } from 'node:crypto';
import { isAdminRole, MD_FILE_MAX_BYTES, MD_IMAGE_MAX_BYTES, OjError } from '@oj/proto';
import { sniffImage } from '../account/account-settings.service';
import type { Viewer } from '../account/viewer';
import type { ServiceContext } from '../context';
import type { DbOrTx } from '../db/client';
import { deleteMdFile, findMdFile, findMdFileById, insertMdFile } from './md-file.repo';

export interface StoredMdFile {
  link: string;
  fileId: number;
}

export interface MdFileService {
  uploadImage(data: Buffer, fileName: string, viewer: Viewer, gid?: number): Promise<StoredMdFile>;
  uploadFile(data: Buffer, fileName: string, viewer: Viewer, gid?: number): Promise<StoredMdFile>;
  deleteImage(fileId: number, viewer: Viewer): Promise<void>;
  /** A stored image or file for the public path; null when there is none. */
  read(kind: 'img' | 'file', name: string): Promise<{ contentType: string; data: Buffer; fileName: string } | null>;
}

const randomName = (ext: string) => `${randomBytes(12).toString('hex')}.${ext}`;
const safeExt = (fileName: string) => /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase() ?? 'bin';

/** Stores an image (used by the editor and by imports) and answers its public link. */
export async function storeImage(db: DbOrTx, data: Buffer, viewer: Viewer | null, gid: number | null): Promise<StoredMdFile> {
  const type = sniffImage(data);
  if (!type) throw new OjError('FILE_TYPE_NOT_SUPPORTED', { detail: 'the file is not a gif, jpg, png, bmp or webp image' });
  if (data.length > MD_IMAGE_MAX_BYTES) throw new OjError('FILE_TOO_LARGE', { detail: `${MD_IMAGE_MAX_BYTES} bytes` });
  const name = randomName(type.ext);
  const fileId = await insertMdFile(db, { name, kind: 'img', contentType: type.mime, data, uid: viewer?.uid ?? null, gid });
  return { link: `/api/public/img/${name}`, fileId };
}

export function createMdFileService(ctx: ServiceContext): MdFileService {
  const { db } = ctx;
  // Anyone who may write statements or posts (the original product: any logged-in user); muted accounts may not.
  const requireAuthor = (v: Viewer) => {
    if (!isAdminRole(v.roles) && !v.permissions.includes('discussion_add')) throw new OjError('AUTH_FORBIDDEN');
  };
  return {
    async uploadImage(data, _fileName, viewer, gid) {
      requireAuthor(viewer);
      return storeImage(db, data, viewer, gid ?? null);
    },

    async uploadFile(data, fileName, viewer, gid) {
      requireAuthor(viewer);
      if (data.length > MD_FILE_MAX_BYTES) throw new OjError('FILE_TOO_LARGE', { detail: `${MD_FILE_MAX_BYTES} bytes` });
      const name = randomName(safeExt(fileName));
      // Served as a download, never rendered: an uploaded html or svg cannot run in our origin.
      const fileId = await insertMdFile(db, { name, kind: 'file', contentType: 'application/octet-stream', data, uid: viewer.uid, gid: gid ?? null });
      return { link: `/api/public/file/${name}`, fileId };
    },

    async deleteImage(fileId, viewer) {
      requireAuthor(viewer);
      const row = await findMdFileById(db, fileId);
      if (!row) return;
      if (row.uid !== viewer.uid && !viewer.roles.includes('root')) throw new OjError('AUTH_FORBIDDEN');
      await deleteMdFile(db, fileId);
    },

    async read(kind, name) {
      if (!/^[0-9a-f]{24}\.[a-z0-9]{1,10}$/.test(name)) return null;
      const row = await findMdFile(db, kind, name);
      return row ? { contentType: row.contentType, data: row.data, fileName: row.name } : null;
    },
  };
}
