// A job as clients see it (API answers and webhook payloads): metadata only, never rows or bytes.
import type { JobFileRow, JobRow } from '../../store/job.repository.js';

export type PublicJobStatus = 'queued' | 'running' | 'done' | 'failed';

export function presentJobFile(f: JobFileRow) {
  return {
    index: Number(f.idx),
    filename: f.filename,
    size: Number(f.file_size),
    status: f.status === 'receiving' ? 'queued' : f.status,
    error_code: f.error_code,
    error_detail: f.error_detail,
    bank: f.bank,
    page_count: f.page_count === null ? null : Number(f.page_count),
    transaction_count: f.transaction_count === null ? null : Number(f.transaction_count),
    reconcile_status: f.reconcile_status as 'PASS' | 'RECONCILE_WARN' | 'NO_BAL' | null,
    reconcile_diff: f.reconcile_diff === null ? null : Number(f.reconcile_diff),
  };
}

export function presentJobSummary(j: JobRow) {
  const total = Number(j.file_count);
  const succeeded = Number(j.files_succeeded);
  const failed = Number(j.files_failed);
  return {
    id: j.id,
    status: j.status === 'receiving' ? 'queued' : j.status,
    created_at: j.created_at,
    completed_at: j.completed_at,
    expires_at: j.expires_at,
    progress: { total, finished: succeeded + failed, succeeded, failed, percent: total ? Math.floor(((succeeded + failed) * 100) / total) : 0 },
  };
}

export function presentJob(j: JobRow, files: JobFileRow[]) {
  const summary = presentJobSummary(j);
  const running = files.filter((f) => f.status === 'running').length;
  return { ...summary, progress: { ...summary.progress, running }, files: files.map(presentJobFile) };
}
