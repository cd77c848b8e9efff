// The problem form's markdown fields: the shared editor (components/MarkdownEditor.tsx) with image and file uploads.
export { MarkdownEditor as MarkdownField } from '../../../components/MarkdownEditor';
