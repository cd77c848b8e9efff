// The Radix dialog behind components/Modal.tsx, a chunk of its own loaded when a modal first opens.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  titleClassName?: string;
  /** Read to screen readers; shown when `descriptionClassName` does not hide it (sr-only by default). */
  description: ReactNode;
  descriptionClassName?: string;
  overlayClassName?: string;
  /** The content box's classes (position, size, padding). */
  className: string;
  testId?: string;
  children: ReactNode;
}

export function ModalFrame({ open, onOpenChange, title, titleClassName, description, descriptionClassName, overlayClassName, className, testId, children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClassName ?? 'fixed inset-0 z-40 bg-black/40'} />
        <Dialog.Content className={className} data-testid={testId}>
          <Dialog.Title className={titleClassName}>{title}</Dialog.Title>
          <Dialog.Description className={descriptionClassName ?? 'sr-only'}>{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
