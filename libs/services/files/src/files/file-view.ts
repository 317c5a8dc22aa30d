import type { FileView, PassageFileView } from '@platform/contracts';
import { FileRow } from './file-row';

/** A file as the files API shows it, with the address its content is read at. */
export function fileView(file: FileRow, url: string): FileView {
  return {
    id: file.id,
    botId: file.botId,
    key: file.key,
    url,
    size: file.size,
    contentType: file.contentType,
    tags: file.tags,
    metadata: file.metadata,
    createdAt: file.createdAt.toISOString(),
    updatedAt: file.updatedAt.toISOString(),
    accessPolicies: file.accessPolicies,
    index: file.index,
    status: file.status,
    ...(file.failedStatusReason ? { failedStatusReason: file.failedStatusReason } : {}),
    ...(file.expiresAt ? { expiresAt: file.expiresAt.toISOString() } : {}),
    owner: file.owner,
    ...(file.indexed ? { indexingStack: 'v2' as const } : {}),
  };
}

export function passageFileView(file: FileRow): PassageFileView {
  return {
    id: file.id,
    key: file.key,
    contentType: file.contentType,
    metadata: file.metadata,
    tags: file.tags,
    createdAt: file.createdAt.toISOString(),
    updatedAt: file.updatedAt.toISOString(),
  };
}

const BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  csv: 'text/csv',
  json: 'application/json',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  zip: 'application/zip',
  xml: 'application/xml',
};

/** The content type of a key's extension; `application/octet-stream` when there is none known. */
export function contentTypeOf(key: string): string {
  const match = /\.([a-z0-9]+)$/i.exec(key);
  return (match && BY_EXTENSION[match[1].toLowerCase()]) || 'application/octet-stream';
}
