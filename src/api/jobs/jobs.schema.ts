// Schemas of the jobs endpoints (and the OpenAPI document).
import { Type } from 'typebox';
import { megabytes } from '../../http/sizes.js';
import { writerOptionsSchema } from '../../formats/options.schema.js';
import { ALL_FORMATS } from '../../formats/index.js';
import { apiKeyHeader, problemRef, securedErrors } from '../schemas.js';

const Status = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]);
const Verdict = Type.Union([Type.Literal('PASS'), Type.Literal('RECONCILE_WARN'), Type.Literal('NO_BAL'), Type.Null()]);

export const JobFileSchema = Type.Object(
  {
    index: Type.Integer({ description: '0-based position in the upload (ZIP entries in archive order).' }),
    filename: Type.String(),
    size: Type.Integer({ description: 'Bytes.' }),
    status: Status,
    error_code: Type.Union([Type.String(), Type.Null()], { description: 'Why the file failed: a code of the error table.' }),
    error_detail: Type.Union([Type.String(), Type.Null()]),
    bank: Type.Union([Type.String(), Type.Null()]),
    page_count: Type.Union([Type.Integer(), Type.Null()]),
    transaction_count: Type.Union([Type.Integer(), Type.Null()]),
    reconcile_status: Verdict,
    reconcile_diff: Type.Union([Type.Number(), Type.Null()]),
  },
  { $id: 'JobFile', additionalProperties: false },
);

const Progress = Type.Object({
  total: Type.Integer(),
  finished: Type.Integer(),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
  running: Type.Optional(Type.Integer()),
  percent: Type.Integer({ description: 'Finished files, in whole percent.' }),
});

const jobSummaryFields = {
  id: Type.String(),
  status: Status,
  created_at: Type.String({ format: 'date-time' }),
  completed_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  expires_at: Type.String({ format: 'date-time', description: 'When the job and its results are deleted (JOB_RETENTION_HOURS after creation).' }),
  progress: Progress,
};

export const JobSummarySchema = Type.Object(jobSummaryFields, { $id: 'JobSummary', additionalProperties: false });
export const JobSchema = Type.Object({ ...jobSummaryFields, files: Type.Array(Type.Ref('JobFile')) }, { $id: 'Job', additionalProperties: false });

export const CreatedJobSchema = Type.Object(
  {
    id: Type.String(),
    status: Type.Literal('queued'),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time' }),
    files: Type.Array(Type.Object({ index: Type.Integer(), filename: Type.String(), status: Type.Literal('queued') })),
    result_key: Type.String({ description: 'Shown once. Send it as X-Job-Key to read results; the service keeps only its hash and cannot recover it.' }),
  },
  { additionalProperties: false },
);

const JobParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const FileParams = Type.Object({ id: Type.String({ maxLength: 64 }), index: Type.Integer({ minimum: 0, maximum: 10_000 }) });
const jobKeyHeader = Type.Object({
  'x-api-key': Type.Optional(Type.String()),
  'x-job-key': Type.Optional(Type.String({ description: "The job's result_key." })),
});

export const fileQuerySchema = Type.Object({
  format: Type.Optional(
    Type.Union(
      ALL_FORMATS.map((f) => Type.Literal(f)),
      { default: 'json' },
    ),
  ),
  include: Type.Optional(Type.Literal('provenance', { description: 'json only: add a provenance array parallel to transactions.' })),
  ...writerOptionsSchema,
});

/** maxUploadBytes: one statement's limit (config.maxUploadBytes). */
export const createJobRoute = (maxUploadBytes: number) => ({
  summary: 'Create a job (many statements, converted asynchronously)',
  description:
    'multipart/form-data with up to 100 `file` parts (each at most ' +
    megabytes(maxUploadBytes) +
    ' MB; a ZIP of statements counts as its statements), and the optional `bank`, `currency` and `password` parts of convert, applied to every file. ' +
    'Answers 202 with Location and the one-time `result_key`. Each file counts as one conversion of the monthly quota, reserved when it starts and given back if it fails. ' +
    'Poll GET /api/v1/jobs/{id}, or register a webhook (job.completed, job.failed).',
  tags: ['jobs'],
  headers: apiKeyHeader,
  response: { 202: CreatedJobSchema, 400: problemRef, 422: problemRef, ...securedErrors },
});

export const listJobsRoute = {
  summary: 'List recent jobs',
  description: "The account's 100 most recent jobs (metadata), newest first.",
  tags: ['jobs'],
  headers: apiKeyHeader,
  response: { 200: Type.Object({ jobs: Type.Array(Type.Ref('JobSummary')) }), ...securedErrors },
};

export const getJobRoute = {
  summary: 'A job: status, progress and every file',
  tags: ['jobs'],
  headers: apiKeyHeader,
  params: JobParams,
  response: { 200: Type.Ref('Job'), 404: problemRef, ...securedErrors },
};

export const deleteJobRoute = {
  summary: 'Delete a job and its results now',
  tags: ['jobs'],
  headers: apiKeyHeader,
  params: JobParams,
  response: { 204: Type.Null({ description: 'Deleted.' }), 404: problemRef, ...securedErrors },
};

export const fileResultRoute = {
  summary: "One file's result",
  description:
    'Needs `X-Job-Key: <result_key>`. The same answer as POST /api/v1/convert: JSON by default, or a file in `format` with X-Reconcile-Status, X-Reconcile-Diff, X-Transaction-Count, X-Bank and X-Warning-Count. ' +
    'A file still converting answers 409 `result_not_ready`; a failed file answers its own error.',
  tags: ['jobs'],
  headers: jobKeyHeader,
  params: FileParams,
  querystring: fileQuerySchema,
  response: {
    200: {
      description: 'The result (format=json) or the file.',
      content: { 'application/json': { schema: Type.Ref('ConversionResult') }, 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } },
    },
    400: problemRef,
    404: problemRef,
    409: problemRef,
    422: problemRef,
    ...securedErrors,
  },
};

export const archiveRoute = {
  summary: "A ZIP of every file's result",
  description:
    "Needs `X-Job-Key`. One entry per converted file in `format` (named `<index>-<file name>`), plus `manifest.json` with every file's status, verdict and error. Files that failed, or that the format cannot hold, are listed in the manifest only.",
  tags: ['jobs'],
  headers: jobKeyHeader,
  params: JobParams,
  querystring: Type.Object({
    format: Type.Optional(
      Type.Union(
        ALL_FORMATS.map((f) => Type.Literal(f)),
        { default: 'json' },
      ),
    ),
    ...writerOptionsSchema,
  }),
  response: {
    200: { description: 'application/zip', content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } } },
    404: problemRef,
    ...securedErrors,
  },
};
