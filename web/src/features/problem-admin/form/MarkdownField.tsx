// The problem form's markdown fields: the shared editor (components/MarkdownEditor.tsx), its image and file uploads
// going where the form's target stores them (the bank's, or a group's: problem-form-target.ts).
import { MarkdownEditor, type MarkdownEditorProps } from '../../../components/MarkdownEditor';
import { useProblemFormTarget } from './problem-form-target';

export function MarkdownField(props: Omit<MarkdownEditorProps, 'uploads'>) {
  const { uploadMdImage, uploadMdFile } = useProblemFormTarget();
  return <MarkdownEditor {...props} uploads={{ image: uploadMdImage, file: uploadMdFile }} />;
}
