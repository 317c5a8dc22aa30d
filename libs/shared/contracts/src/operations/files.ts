import {
  CopyFileBody,
  CopyFileHeaders,
  CopyFileParams,
  CreateKnowledgeBaseBody,
  FileIdParams,
  FileResponse,
  FileTagParams,
  KnowledgeBaseResponse,
  ListFilePassagesQuery,
  ListFilePassagesResponse,
  ListFilesQuery,
  ListFilesResponse,
  ListFileTagsResponse,
  ListFileTagValuesResponse,
  ListKnowledgeBasesQuery,
  ListKnowledgeBasesResponse,
  SearchFilesQuery,
  SearchFilesResponse,
  SetFilePassagesBody,
  UpdateFileMetadataBody,
  UpdateKnowledgeBaseBody,
  UpsertFileBody,
  UpsertFileResponse,
} from '../dto/files/files.dto';
import { IdParams } from '../dto/common/params.dto';
import { PageQueryDto } from '../dto/common/pagination.dto';
import { defineOperations } from './operation';

const bot = { kind: 'bot' } as const;

/**
 * The files API (`/v1/files/…`): a bot's files, their passages and its knowledge bases. Every
 * operation acts on the bot of `x-bot-id`, with the runtime API's credentials.
 */
export const FilesOperations = defineOperations(
  'files',
  { service: 'files', prefix: '/v1/files' },
  {
    upsertFile: {
      summary: 'Create or replace a file by key; answers where to PUT its content',
      http: { method: 'PUT', path: '' },
      body: UpsertFileBody,
      response: UpsertFileResponse,
      access: bot,
    },
    listFiles: {
      summary: 'List the files of the bot',
      http: { method: 'GET', path: '' },
      query: ListFilesQuery,
      response: ListFilesResponse,
      access: bot,
    },
    searchFiles: {
      summary: "Search the passages of the bot's indexed files",
      http: { method: 'GET', path: '/search' },
      query: SearchFilesQuery,
      response: SearchFilesResponse,
      access: bot,
    },
    listFileTags: {
      summary: "List the tag names used by the bot's files",
      http: { method: 'GET', path: '/tags' },
      query: PageQueryDto,
      response: ListFileTagsResponse,
      access: bot,
    },
    listFileTagValues: {
      summary: "List the values of one tag across the bot's files",
      http: { method: 'GET', path: '/tags/{tag}/values' },
      params: FileTagParams,
      query: PageQueryDto,
      response: ListFileTagValuesResponse,
      access: bot,
    },
    createKnowledgeBase: {
      summary: 'Create a knowledge base grouping files',
      http: { method: 'POST', path: '/knowledge-bases' },
      body: CreateKnowledgeBaseBody,
      response: KnowledgeBaseResponse,
      access: bot,
    },
    listKnowledgeBases: {
      summary: 'List the knowledge bases of the bot',
      http: { method: 'GET', path: '/knowledge-bases' },
      query: ListKnowledgeBasesQuery,
      response: ListKnowledgeBasesResponse,
      access: bot,
    },
    updateKnowledgeBase: {
      summary: 'Rename a knowledge base or change its tags',
      http: { method: 'PUT', path: '/knowledge-bases/{id}' },
      params: IdParams,
      body: UpdateKnowledgeBaseBody,
      response: KnowledgeBaseResponse,
      access: bot,
    },
    deleteKnowledgeBase: {
      summary: 'Delete a knowledge base with its files',
      http: { method: 'DELETE', path: '/knowledge-bases/{id}' },
      params: IdParams,
      access: bot,
    },
    getFile: {
      summary: 'Get a file, with a signed address of its content',
      http: { method: 'GET', path: '/{id}' },
      params: FileIdParams,
      response: FileResponse,
      access: bot,
    },
    updateFileMetadata: {
      summary: "Change a file's metadata, tags, access policies or expiry",
      http: { method: 'PUT', path: '/{id}' },
      params: FileIdParams,
      body: UpdateFileMetadataBody,
      response: FileResponse,
      access: bot,
    },
    deleteFile: {
      summary: 'Delete a file with its content and passages',
      http: { method: 'DELETE', path: '/{id}' },
      params: FileIdParams,
      access: bot,
    },
    copyFile: {
      summary: 'Copy a file, content and metadata, under another key, in the bot or in another bot of the workspace',
      http: { method: 'POST', path: '/{idOrKey}/{destinationKey}' },
      params: CopyFileParams,
      body: CopyFileBody,
      headers: CopyFileHeaders,
      response: FileResponse,
      access: bot,
    },
    listFilePassages: {
      summary: 'List the passages of an indexed file, in document order',
      http: { method: 'GET', path: '/{id}/passages' },
      params: FileIdParams,
      query: ListFilePassagesQuery,
      response: ListFilePassagesResponse,
      access: bot,
    },
    setFilePassages: {
      summary: "Replace a file's passages with the given ones (indexed in the background)",
      http: { method: 'PUT', path: '/{id}/passages' },
      params: FileIdParams,
      body: SetFilePassagesBody,
      access: bot,
    },
  },
);
