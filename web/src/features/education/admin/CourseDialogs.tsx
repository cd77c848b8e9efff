// The course manager's dialogs: the create/edit form (title ≤ 30, description ≤ 150, a JPG/PNG cover under 2 MB via
// the image upload), allocating classes (a transfer of checkboxes between the teacher's classes and the course's),
// and the invite dialog (per class: the link with copy, its QR code, regenerate, and the class's students live).
import { useEffect, useState, type ChangeEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EDU_LIMITS, type ClassVO, type CourseVO } from '@oj/proto';
import { CopyButton } from '../../../components/CopyButton';
import { Modal } from '../../../components/Modal';
import { ApiError } from '../../../lib/api';
import { takeFile } from '../../../lib/file-input';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../stores/ui';
import { listClasses, regenerateInvite, saveCourse, setCourseClasses, uploadCover } from '../education-api';
import { inviteQrDataUrl, inviteQrText } from '../invite-qr';
import { StudentPanel } from './StudentPanel';

const box = 'fixed inset-0 z-50 overflow-auto bg-white p-6';
const input = 'w-full rounded border border-slate-300 px-2 py-1 text-sm';

export function CourseFormDialog({ course, onClose, onSaved }: { course: CourseVO | 'new'; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const c = course === 'new' ? null : course;
  const [title, setTitle] = useState(c?.title ?? '');
  const [description, setDescription] = useState(c?.description ?? '');
  const [cover, setCover] = useState<string | null>(c?.coverImage ?? null);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = takeFile(e);
    if (!f) return;
    if (!(EDU_LIMITS.coverTypes as readonly string[]).includes(f.type) || f.size >= EDU_LIMITS.coverMaxBytes) {
      showToast('warning', intl.formatMessage({ id: 'eduAdmin.course.coverRule' }));
      return;
    }
    try {
      setCover((await uploadCover(f)).link);
      showToast('success', intl.formatMessage({ id: 'eduAdmin.course.coverUploaded' }));
    } catch (err) {
      if (!(err instanceof ApiError)) showToast('error', intl.formatMessage({ id: 'eduAdmin.course.coverServiceError' }));
    }
  };
  const save = async () => {
    if (!title.trim()) return showToast('warning', intl.formatMessage({ id: 'eduAdmin.course.titleRequired' }));
    try {
      await saveCourse({ ...(c && { id: c.id }), title: title.trim(), description, coverImage: cover });
      showToast('success', intl.formatMessage({ id: 'eduAdmin.common.saved' }));
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      showToast('error', intl.formatMessage({ id: 'eduAdmin.common.saveFailed' }, { msg: e.message }));
    }
  };
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={<FormattedMessage id={c ? 'eduAdmin.course.edit' : 'eduAdmin.course.create'} />} description="" className={box} testId="edu-course-form">
      <div className="mx-auto max-w-xl space-y-3">
        <label className="block text-sm">
          <FormattedMessage id="eduAdmin.course.titleLabel" />
          <input data-testid="edu-course-title" maxLength={EDU_LIMITS.courseTitleMax} className={input} value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label className="block text-sm">
          <FormattedMessage id="eduAdmin.course.description" />
          <textarea data-testid="edu-course-description" maxLength={EDU_LIMITS.courseDescriptionMax} rows={3} className={input} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <label className="block text-sm">
          <FormattedMessage id="eduAdmin.course.cover" />
          <input data-testid="edu-course-cover" type="file" accept="image/jpeg,image/png" className="block text-sm" onChange={(e) => void onFile(e)} />
        </label>
        {cover && <img src={cover} alt="" className="h-32 rounded object-cover" data-testid="edu-course-cover-preview" />}
        <div className="flex gap-2">
          <button type="button" data-testid="edu-course-save" onClick={() => void save()} className="rounded bg-blue-600 px-4 py-1 text-sm text-white"><FormattedMessage id="eduAdmin.common.save" /></button>
          <button type="button" onClick={onClose} className="rounded border px-4 py-1 text-sm"><FormattedMessage id="eduAdmin.common.cancel" /></button>
        </div>
      </div>
    </Modal>
  );
}

export function AllocateDialog({ course, onClose, onSaved }: { course: CourseVO; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const [classes, setClasses] = useState<ClassVO[]>([]);
  const [chosen, setChosen] = useState<number[]>(course.classesId);
  useEffect(() => void listClasses().then((p) => setClasses(p.records), () => showToast('error', intl.formatMessage({ id: 'eduAdmin.common.baseFailed' }))), []);
  const toggle = (id: number) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const side = (ids: boolean, testId: string) => (
    <div className="flex-1 rounded border border-slate-200 p-2" data-testid={testId}>
      <div className="mb-1 text-xs text-slate-500"><FormattedMessage id={ids ? 'eduAdmin.allocate.allocated' : 'eduAdmin.allocate.available'} /></div>
      {classes
        .filter((c) => chosen.includes(c.id) === ids)
        .map((c) => (
          <label key={c.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={ids} data-testid="edu-allocate-class" data-class-name={c.name} onChange={() => toggle(c.id)} />
            {c.gradeName} · {c.name}
          </label>
        ))}
    </div>
  );
  const save = async () => {
    try {
      await setCourseClasses(course.id, chosen);
      showToast('success', intl.formatMessage({ id: 'eduAdmin.allocate.saved' }));
      onSaved();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      showToast('error', intl.formatMessage({ id: 'eduAdmin.common.opFailed' }, { msg: e.message }));
    }
  };
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={<FormattedMessage id="eduAdmin.allocate.title" />} description="" className="fixed top-20 left-1/2 z-50 w-[36rem] max-w-full -translate-x-1/2 rounded bg-white p-4 shadow-lg" testId="edu-allocate">
      <div className="flex gap-3">
        {side(false, 'edu-allocate-available')}
        {side(true, 'edu-allocate-chosen')}
      </div>
      <button type="button" data-testid="edu-allocate-save" onClick={() => void save()} className="mt-3 rounded bg-blue-600 px-4 py-1 text-sm text-white"><FormattedMessage id="eduAdmin.common.save" /></button>
    </Modal>
  );
}

function InviteRow({ course, a, onChanged }: { course: CourseVO; a: CourseVO['allocatedClasses'][number]; onChanged: (c: CourseVO) => void }) {
  const intl = useIntl();
  const link = inviteQrText(window.location.origin, course.id, a.inviteCode);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    inviteQrDataUrl(link).then(
      (u) => live && setQr(u),
      (e: unknown) => console.error('二维码生成失败', e),
    );
    return () => {
      live = false;
    };
  }, [link]);
  const expired = new Date(a.inviteCodeExpireTime).getTime() <= Date.now();
  const regenerate = async () => {
    try {
      onChanged(await regenerateInvite(course.id, a.classId));
      showToast('success', intl.formatMessage({ id: 'eduAdmin.common.saved' }));
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      showToast('error', intl.formatMessage({ id: 'eduAdmin.common.opFailed' }, { msg: e.message }));
    }
  };
  return (
    <section className="rounded border border-slate-200 p-3" data-testid="edu-invite" data-class-name={a.className}>
      <h3 className="font-medium">{a.gradeName} · {a.className}</h3>
      <div className="mt-2 flex flex-wrap items-start gap-4">
        {qr && <img src={qr} alt={intl.formatMessage({ id: 'eduAdmin.invite.qr' })} data-testid="edu-invite-qr" data-link={link} className="h-40 w-40" />}
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <div className="break-all" data-testid="edu-invite-link">{link}</div>
          <div className={expired ? 'text-red-600' : 'text-slate-500'}>
            <FormattedMessage id="eduAdmin.invite.expires" values={{ time: formatDateTime(a.inviteCodeExpireTime) }} />
          </div>
          <div className="flex gap-2">
            <CopyButton text={link} />
            <button type="button" data-testid="edu-invite-regenerate" onClick={() => void regenerate()} className="rounded border px-2 py-0.5 text-xs"><FormattedMessage id="eduAdmin.invite.regenerate" /></button>
          </div>
        </div>
      </div>
      <div className="mt-3">
        <StudentPanel classId={a.classId} canEdit={false} />
      </div>
    </section>
  );
}

export function InviteDialog({ course, onClose }: { course: CourseVO; onClose: () => void }) {
  const [c, setC] = useState(course);
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={<FormattedMessage id="eduAdmin.invite.title" values={{ title: c.title }} />} description="" className={box} testId="edu-invite-dialog">
      <div className="mx-auto max-w-3xl space-y-4">
        {c.allocatedClasses.length === 0 && <p className="text-sm text-slate-500"><FormattedMessage id="eduAdmin.invite.none" /></p>}
        {c.allocatedClasses.map((a) => (
          <InviteRow key={a.classId} course={c} a={a} onChanged={setC} />
        ))}
      </div>
    </Modal>
  );
}
