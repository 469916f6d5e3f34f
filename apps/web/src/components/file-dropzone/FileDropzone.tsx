import { Box, getRadius, LoadingOverlay, type BoxProps, type MantineRadius } from '@mantine/core';
import { createContext, useContext, type DragEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useDropzone, type Accept, type FileRejection } from 'react-dropzone';
import classes from './file-dropzone.module.css';

export type { FileRejection };

type DragState = 'accept' | 'reject' | 'idle';

const TOO_MANY_FILES = { code: 'too-many-files', message: 'Too many files' };

const DragStateContext = createContext<DragState>('idle');

interface FileDropzoneProps extends BoxProps {
  onDrop: (files: File[]) => void;
  onReject: (rejections: FileRejection[]) => void;
  onDragOver?: (event: DragEvent<HTMLElement>) => void;
  accept?: Accept;
  maxSize?: number;
  multiple?: boolean;
  loading?: boolean;
  radius?: MantineRadius;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  'aria-label'?: string;
  'data-testid'?: string;
  children: ReactNode;
}

/**
 * A drop zone for files from the desktop that also opens the file chooser on click or Enter.
 * Mantine's own dropzone needs Node 22 to install (react-dropzone 20); this is the same on
 * react-dropzone 19. Its children say what a drag would do with FileDropzone.Accept / Reject / Idle.
 */
export function FileDropzone({
  onDrop,
  onReject,
  onDragOver,
  accept,
  maxSize,
  multiple = true,
  loading = false,
  radius = 'sm',
  inputProps,
  children,
  ...others
}: FileDropzoneProps) {
  const { getRootProps, getInputProps, isDragActive, isDragAccept, isDragReject } = useDropzone({
    // react-dropzone takes the first of several files where one is wanted and refuses the rest: here
    // several files are refused together, so none of them starts on its own.
    onDrop: (accepted, rejections) => {
      if (!multiple && accepted.length + rejections.length > 1) {
        onReject([
          ...accepted.map((file) => ({ file: file as unknown as FileRejection['file'], errors: [TOO_MANY_FILES] })),
          ...rejections,
        ]);
        return;
      }
      if (rejections.length > 0) onReject(rejections);
      if (accepted.length > 0) onDrop(accepted);
    },
    ...(onDragOver ? { onDragOver } : {}),
    ...(accept ? { accept } : {}),
    ...(maxSize ? { maxSize } : {}),
    multiple,
    disabled: loading,
  });
  const state: DragState = isDragActive && isDragAccept ? 'accept' : isDragActive && isDragReject ? 'reject' : 'idle';
  return (
    <DragStateContext.Provider value={state}>
      <Box
        {...getRootProps()}
        {...others}
        className={classes.root}
        style={{ '--dropzone-radius': getRadius(radius) }}
        mod={{ accept: state === 'accept', reject: state === 'reject', loading }}
      >
        <LoadingOverlay visible={loading} overlayProps={{ radius }} />
        <input {...getInputProps(inputProps)} />
        <div className={classes.inner}>{children}</div>
      </Box>
    </DragStateContext.Provider>
  );
}

/** Shows its children only while the drag is in this state. */
const onlyWhile = (wanted: DragState) =>
  function DragStateContent({ children }: { children: ReactNode }) {
    return useContext(DragStateContext) === wanted ? children : null;
  };

FileDropzone.Accept = onlyWhile('accept');
FileDropzone.Reject = onlyWhile('reject');
FileDropzone.Idle = onlyWhile('idle');
