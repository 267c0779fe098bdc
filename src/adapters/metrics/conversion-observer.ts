// What the conversion path reports, so it can be measured without knowing by what (prom-client stays
// in the metrics adapter).
export interface ConversionEvent {
  /** The output format asked for (json, csv, xlsx, xero, ...). */
  format: string;
  /** What the upload was: pdf, csv (also XLSX and fixed-width text), image, or unknown. */
  input: 'pdf' | 'csv' | 'image' | 'mt940' | 'camt' | 'ofx' | 'qif' | 'unknown';
  /** PASS / RECONCILE_WARN / NO_BAL, or `failed`. */
  verdict: string;
  /** The error code of a failed conversion, else null. */
  code: string | null;
  /** The whole conversion: reading the upload, waiting for a worker, the engine, recording. */
  seconds: number;
}

export interface ConversionObserver {
  onConversion(e: ConversionEvent): void;
}
