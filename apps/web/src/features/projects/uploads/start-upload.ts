import type { MsgCode } from '@plankurier/shared';
import { Upload } from 'tus-js-client';
import { sessionStore } from '../../../session/session-store';
import { canceled, failed, finished, withProgress, type UploadItem } from '../model/upload-state';
import { sha256OfFile } from './file-hash';
import { shouldRetryUpload, tusErrorCode } from './tus-error';
import { uploadStore } from './upload-store';

const CHUNK_SIZE = 50 * 1024 * 1024;

let counter = 0;

interface StartUploadOptions {
  file: File;
  projectId: string;
  versionId: string;
  kind: 'main' | 'addon';
  onFinished: (item: UploadItem) => void;
  onFailed: (code: MsgCode) => void;
}

/**
 * Uploads one file into a version with the tus protocol: the SHA-256 first (so the server can
 * check the finished file end to end), then 50 MB chunks that resume after a dropped connection.
 */
export function startUpload({ file, projectId, versionId, kind, onFinished, onFailed }: StartUploadOptions): string {
  const id = `upload-${Date.now()}-${++counter}`;
  let stopped = false;
  let tus: Upload | null = null;

  const abort = () => {
    stopped = true;
    uploadStore.update(id, canceled);
    void tus?.abort(true).catch(() => undefined);
  };

  uploadStore.add(
    {
      id,
      projectId,
      versionId,
      filename: file.name,
      kind,
      size: file.size,
      bytesSent: 0,
      step: 'hashing',
      state: 'UPLOADING',
      error: null,
    },
    abort,
  );

  const fail = (code: MsgCode) => {
    uploadStore.update(id, (item) => failed(item, code));
    onFailed(code);
  };

  void (async () => {
    let sha256: string | null;
    try {
      sha256 = await sha256OfFile(
        file,
        () => undefined,
        () => stopped,
      );
    } catch {
      fail('upload.failed');
      return;
    }
    if (!sha256 || stopped) return;
    const token = sessionStore.getState().token;
    tus = new Upload(file, {
      endpoint: '/api/uploads',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      metadata: { versionId, filename: file.name, kind, sha256 },
      chunkSize: CHUNK_SIZE,
      parallelUploads: 1,
      retryDelays: [0, 1000, 3000, 5000, 10000],
      removeFingerprintOnSuccess: true,
      onShouldRetry: (err) => {
        const response = err.originalResponse;
        return shouldRetryUpload(response?.getBody(), response?.getStatus());
      },
      onProgress: (bytesSent) => uploadStore.update(id, (item) => withProgress(item, bytesSent)),
      onSuccess: () => {
        uploadStore.update(id, finished);
        const item = uploadStore.getState().find((u) => u.id === id);
        if (item) onFinished(item);
      },
      onError: (err) => {
        if (stopped) return;
        const response = 'originalResponse' in err ? err.originalResponse : null;
        fail(tusErrorCode(response?.getBody(), response?.getStatus()));
      },
    });
    // A page reload in the middle of an upload: continue where it stopped, for the same version and bytes only.
    const previous = await tus.findPreviousUploads().catch(() => []);
    const resumable = previous.find((p) => p.metadata.versionId === versionId && p.metadata.sha256 === sha256);
    if (resumable) tus.resumeFromPreviousUpload(resumable);
    if (!stopped) tus.start();
  })();

  return id;
}
