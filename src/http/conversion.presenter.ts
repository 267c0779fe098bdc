// The conversion record (metadata of one conversion), as the API's list and the web's conversions page
// show it, and its schema (the OpenAPI document's ConversionRecord).
import { Type } from 'typebox';
import { FILE_TYPES, type FileType } from '../services/conversion.types.js';
import type { ConversionRow } from '../store/conversion.repository.js';
import type { KeptMeta } from '../store/kept-result.repository.js';

export const ConversionRecordSchema = Type.Object(
  {
    id: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    filename: Type.String(),
    file_type: Type.Union([...FILE_TYPES.map((t) => Type.Literal(t)), Type.Null()], {
      description:
        'pdf, csv (delimited, fixed-width text, XLSX), image, or a structured format: mt940 (also MT942), camt (camt.052/053/054), ofx (also .qfx/.qbo), qif; null when the bytes were not recognised.',
    }),
    file_size: Type.Union([Type.Integer(), Type.Null()], { description: 'Bytes.' }),
    page_count: Type.Union([Type.Integer(), Type.Null()], { description: 'PDF pages, else null.' }),
    bank: Type.Union([Type.String(), Type.Null()]),
    format: Type.String(),
    status: Type.Union([Type.Literal('succeeded'), Type.Literal('failed')]),
    error_code: Type.Union([Type.String(), Type.Null()]),
    transaction_count: Type.Union([Type.Integer(), Type.Null()]),
    reconcile_status: Type.Union([Type.Literal('PASS'), Type.Literal('RECONCILE_WARN'), Type.Literal('NO_BAL'), Type.Null()]),
    reconcile_diff: Type.Union([Type.Number(), Type.Null()]),
    duration_ms: Type.Integer(),
    source: Type.Union([Type.Literal('api'), Type.Literal('web')]),
    kept_until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description:
        'Until when the result is kept (GET /api/v1/conversions/{id}/result answers until then), or null when it is not kept (failed, expired, deleted, or the account keeps none).',
    }),
    corrected_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When a person last saved corrections to the kept result (on the web converter), else null.',
    }),
  },
  { $id: 'ConversionRecord', additionalProperties: false },
);

/** Metadata only: the record never carries file content or rows. `kept`: its kept result, when it has one. */
export function presentConversion(r: ConversionRow, kept?: Pick<KeptMeta, 'expires_at' | 'corrected_at' | 'corrected_rows' | 'corrected_status'>) {
  return {
    id: r.id,
    created_at: r.created_at,
    filename: r.filename,
    file_type: r.file_type as FileType | null,
    file_size: r.file_size === null ? null : Number(r.file_size),
    page_count: r.page_count === null ? null : Number(r.page_count),
    bank: r.bank,
    format: r.format,
    status: r.status,
    error_code: r.error_code,
    transaction_count: r.transaction_count === null ? null : Number(r.transaction_count),
    reconcile_status: r.reconcile_status as 'PASS' | 'RECONCILE_WARN' | 'NO_BAL' | null,
    reconcile_diff: r.reconcile_diff === null ? null : Number(r.reconcile_diff),
    duration_ms: Number(r.duration_ms),
    source: r.source,
    kept_until: kept?.expires_at ?? null,
    corrected_at: kept?.corrected_at ?? null,
  };
}
